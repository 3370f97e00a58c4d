import {
  Activity,
  ArrowRight,
  Loader2,
  PauseCircle,
  RotateCcw,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  MOMENTUM_TREND_LABELS,
  MOMENTUM_TRENDS,
  type Momentum,
  type MomentumOverride,
  type MomentumTrend,
  momentumOverrideSchema,
  type ProspectDetail,
} from '../../../../shared/prospects.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useProspectChange } from '../api.ts';
import { formatDateTime, TREND_TONE } from '../format.ts';

const TREND_ICONS: Record<MomentumTrend, typeof TrendingUp> = {
  accelerating: TrendingUp,
  steady: ArrowRight,
  slowing: TrendingDown,
  stalled: PauseCircle,
};

type Draft = {
  velocityScore: string;
  momentumTrend: MomentumTrend;
  progressPercentage: string;
  insight: string;
};
type Errors = Partial<Record<keyof Draft, string>>;

function OverrideForm({
  prospect,
  momentum,
  onDone,
}: {
  prospect: ProspectDetail;
  momentum: Momentum | null;
  onDone: () => void;
}) {
  const id = useId();
  const change = useProspectChange(prospect.id);
  const [draft, setDraft] = useState<Draft>({
    velocityScore: String(momentum?.velocityScore ?? 50),
    momentumTrend: momentum?.momentumTrend ?? 'steady',
    progressPercentage: String(momentum?.progressPercentage ?? 0),
    // The computed insight explains the computation; the user says their own why.
    insight: momentum?.isManualOverride ? (momentum.insight ?? '') : '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const invalid = (field: keyof Draft) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const error = (field: keyof Draft) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-xs text-destructive">
        {errors[field]}
      </p>
    ) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = momentumOverrideSchema.safeParse({
      velocityScore: draft.velocityScore.trim() === '' ? Number.NaN : Number(draft.velocityScore),
      momentumTrend: draft.momentumTrend,
      progressPercentage:
        draft.progressPercentage.trim() === '' ? Number.NaN : Number(draft.progressPercentage),
      insight: draft.insight,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Draft;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const values: MomentumOverride = parsed.data;
    change.mutate(
      { kind: 'override', momentum: values },
      {
        onSuccess: () => {
          toast({
            title: 'Momentum set',
            description: 'Your reading is kept until you go back to the computed one.',
          });
          onDone();
        },
        onError: (err) => toastFailure('Could not set the momentum', err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border-t pt-5" data-momentum-form>
      <h3 className="text-sm font-semibold">Your reading of the deal</h3>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-velocityScore`}>Velocity score (0-100)</Label>
          <Input
            id={`${id}-velocityScore`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={draft.velocityScore}
            onChange={set('velocityScore')}
            {...invalid('velocityScore')}
          />
          {error('velocityScore')}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-progressPercentage`}>Progress (%)</Label>
          <Input
            id={`${id}-progressPercentage`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={draft.progressPercentage}
            onChange={set('progressPercentage')}
            {...invalid('progressPercentage')}
          />
          {error('progressPercentage')}
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-momentumTrend`}>Trend</Label>
        <NativeSelect id={`${id}-momentumTrend`} value={draft.momentumTrend} onChange={set('momentumTrend')}>
          {MOMENTUM_TRENDS.map((trend) => (
            <option key={trend} value={trend}>
              {MOMENTUM_TREND_LABELS[trend]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-insight`}>Why</Label>
        <Textarea
          id={`${id}-insight`}
          rows={3}
          placeholder="What you know that the activity does not show: budget, timing, the champion"
          value={draft.insight}
          onChange={set('insight')}
          {...invalid('insight')}
        />
        {error('insight')}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Save override
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Deal momentum (spec 3 §3): the velocity score, trend, progress, the comparison with a healthy deal and why,
 * computed from the prospect's activity (README "Prospects"), or the user's own reading, shown as such until
 * they go back to the computed one.
 */
export function MomentumCard({ prospect }: { prospect: ProspectDetail }) {
  const { momentum } = prospect;
  const change = useProspectChange(prospect.id);
  const [editing, setEditing] = useState(false);
  const override = momentum?.isManualOverride ?? false;
  const TrendIcon = momentum ? TREND_ICONS[momentum.momentumTrend] : Activity;

  const backToComputed = () =>
    change.mutate(
      { kind: 'clear-override' },
      {
        onSuccess: () =>
          toast({ title: 'Computed momentum', description: 'Momentum follows the activity again.' }),
        onError: (err) => toastFailure('Could not clear the override', err),
      },
    );

  return (
    <SectionCard
      title="Deal momentum"
      icon={<Activity className="size-5 text-muted-foreground" aria-hidden />}
      description={
        override
          ? 'Set by you; activity no longer changes it.'
          : 'Computed from the activity: touches in the last 14 days, days since the last one, status and stage.'
      }
    >
      <div className="flex flex-col gap-5" data-momentum={override ? 'override' : 'computed'}>
        {momentum ? (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="flex items-baseline gap-1.5">
                <span className="text-4xl font-semibold tabular-nums" data-velocity>
                  {momentum.velocityScore}
                </span>
                <span className="text-sm text-muted-foreground">/ 100 velocity</span>
              </p>
              <Badge variant={TREND_TONE[momentum.momentumTrend]} data-trend={momentum.momentumTrend}>
                <TrendIcon aria-hidden />
                {MOMENTUM_TREND_LABELS[momentum.momentumTrend]}
              </Badge>
              {override && (
                <Badge variant="outline" data-manual-override>
                  Manual override
                </Badge>
              )}
            </div>
            <div className="flex flex-col gap-1.5">
              <div className="flex justify-between text-sm">
                <span className="font-medium">Progress</span>
                <span className="tabular-nums">{momentum.progressPercentage}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Deal progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={momentum.progressPercentage}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${momentum.progressPercentage}%` }}
                />
              </div>
            </div>
            {momentum.insight && (
              <p className="text-sm leading-relaxed" data-insight>
                {momentum.insight}
              </p>
            )}
            {momentum.benchmarkComparison && (
              <p className="text-xs text-muted-foreground" data-benchmark>
                {momentum.benchmarkComparison}
              </p>
            )}
            <p className="text-xs text-muted-foreground">
              {override ? 'Set by you' : 'Computed'} {formatDateTime(momentum.updatedAt)}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Momentum appears with the prospect's first activity.
          </p>
        )}
        {!editing && (
          <div className="flex flex-wrap gap-2">
            {override && (
              <Button variant="outline" size="sm" onClick={backToComputed} disabled={change.isPending}>
                {change.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <RotateCcw aria-hidden />
                )}
                Use computed
              </Button>
            )}
            <Button variant={override ? 'ghost' : 'outline'} size="sm" onClick={() => setEditing(true)}>
              {override ? 'Edit override' : 'Override'}
            </Button>
          </div>
        )}
        {editing && <OverrideForm prospect={prospect} momentum={momentum} onDone={() => setEditing(false)} />}
      </div>
    </SectionCard>
  );
}
