/** How prospects read on screen: status tones, scenario colours, and what each activity was. */
import {
  ACCOUNT_HEALTH_LABELS,
  type ForecastScenario,
  formatMillions,
  LIFECYCLE_LABELS,
  MOMENTUM_TREND_LABELS,
  type MomentumTrend,
  PROSPECT_STATUS_LABELS,
  type ProspectActivity,
  type ProspectStatus,
  REVENUE_POTENTIAL_LABELS,
} from '../../../shared/prospects.ts';
import type { BadgeProps } from '../../components/ui/badge.tsx';

/** A status's badge: positive ones green, negative ones red, the rest neutral. */
export const STATUS_TONE: Readonly<Record<ProspectStatus, BadgeProps['variant']>> = {
  'champion-accounts': 'success',
  'high-engagement': 'success',
  'expansion-upsell': 'success',
  'new-logo': 'secondary',
  qualified: 'secondary',
  'renewal-risk': 'destructive',
  'at-risk': 'destructive',
  dormant: 'outline',
};

export const SCENARIO_LABELS: Readonly<Record<ForecastScenario, string>> = {
  conservative: 'Conservative',
  realistic: 'Realistic',
  optimistic: 'Optimistic',
};

/** One colour per scenario, the same in the chart, its legend and the totals. */
export const SCENARIO_COLORS: Readonly<Record<ForecastScenario, string>> = {
  conservative: '#f59e0b',
  realistic: '#6366f1',
  optimistic: '#10b981',
};

/** The charts' tooltip, in the theme's popover colours. */
export const CHART_TOOLTIP_STYLE = {
  background: 'var(--color-popover)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-popover-foreground)',
  fontSize: 12,
};

export const TREND_TONE: Readonly<Record<MomentumTrend, BadgeProps['variant']>> = {
  accelerating: 'success',
  steady: 'secondary',
  slowing: 'outline',
  stalled: 'destructive',
};

const FIELD_LABELS: Record<string, [string, Record<string, string>]> = {
  accountHealth: ['Account health', ACCOUNT_HEALTH_LABELS],
  revenuePotential: ['Revenue potential', REVENUE_POTENTIAL_LABELS],
  lifecyclePosition: ['Lifecycle', LIFECYCLE_LABELS],
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const statusLabel = (value: unknown) => PROSPECT_STATUS_LABELS[text(value) as ProspectStatus] ?? text(value);

/** What happened, in a sentence (the activity's detail as the server logged it). */
export function describeActivity({ kind, detail }: Pick<ProspectActivity, 'kind' | 'detail'>): string {
  switch (kind) {
    case 'created':
      return 'Added to prospects';
    case 'status_changed':
      return `Status changed from ${statusLabel(detail.from)} to ${statusLabel(detail.to)}`;
    case 'details_changed':
      return Object.entries(detail)
        .map(([field, change]) => {
          const [label, values] = FIELD_LABELS[field] ?? [field, {}];
          const to = text((change as { to?: unknown } | null)?.to);
          return `${label} set to ${values[to] ?? to}`;
        })
        .join('; ');
    case 'forecast_edited': {
      const days = num(detail.timelineDays);
      if (typeof detail.scenario === 'string') {
        const scenario = SCENARIO_LABELS[detail.scenario as ForecastScenario] ?? detail.scenario;
        return `${scenario} forecast (${days} days) set to ${formatMillions(num(detail.amount))}`;
      }
      return `Forecast for ${days} days: ${formatMillions(num(detail.conservativeAmount))} / ${formatMillions(num(detail.realisticAmount))} / ${formatMillions(num(detail.optimisticAmount))}`;
    }
    case 'forecast_removed':
      return `Forecast for ${num(detail.timelineDays)} days removed`;
    case 'document_generated':
      return detail.title ? `Document generated: ${text(detail.title)}` : 'Document generated';
    case 'rfp_linked':
      return detail.title ? `RFP linked: ${text(detail.title)}` : 'RFP linked';
    case 'momentum_overridden':
      return `Momentum set by you: ${num(detail.velocityScore)}, ${MOMENTUM_TREND_LABELS[text(detail.momentumTrend) as MomentumTrend]?.toLowerCase() ?? ''}`;
    case 'momentum_override_cleared':
      return 'Back to the computed momentum';
    default:
      return kind.replace(/_/g, ' ');
  }
}

const TIME = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
export const formatDateTime = (iso: string) => TIME.format(new Date(iso));

/** A forecast amount typed in millions ("2.5"), in whole dollars; null when it is no amount. */
export function millionsToDollars(typed: string): number | null {
  // A "$" or "M" alone is no amount (Number('') would make it 0).
  const figure = typed.trim().replace(/^\$/, '').replace(/m$/i, '').trim();
  const value = Number(figure);
  if (figure === '' || !Number.isFinite(value)) return null;
  return Math.round(value * 1_000_000);
}

/** Whole dollars as the editor shows them, in millions without trailing zeros ("2.5"). */
export const dollarsToMillions = (dollars: number) => String(Number((dollars / 1_000_000).toFixed(6)));
