import type { AgentStats } from '../../../../shared/agent-executions.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber, NONE } from '../../../lib/format.ts';
import { formatDuration, formatRate, formatWhen, plural } from '../format.ts';

/** One line for a card: "12 runs · median 1.4 s", or "No runs yet". */
export function FiguresLine({ stats }: { stats: AgentStats }) {
  if (stats.runs === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-agent-figures="none">
        No runs yet
      </p>
    );
  }
  return (
    <p className="text-sm" data-agent-figures="measured">
      <span className="font-medium">{plural(stats.runs, 'run')}</span>
      <span className="text-muted-foreground" aria-hidden>
        {' · '}
      </span>
      <span className="text-muted-foreground">
        {stats.medianDurationMs === null
          ? 'none succeeded'
          : `median ${formatDuration(stats.medianDurationMs)}`}
      </span>
    </p>
  );
}

/** The detail page's figures: everything measured from the user's own runs, nothing claimed. */
export function MeasuredFigures({ stats, className }: { stats: AgentStats; className?: string }) {
  // The last run is a date, not a figure: smaller, so it does not wrap over three lines.
  const figures: [string, string, boolean?][] = [
    ['Runs', formatNumber(stats.runs)],
    ['Last 30 days', formatNumber(stats.runsLast30Days)],
    ['Median duration', formatDuration(stats.medianDurationMs)],
    ['Succeeded', formatRate(stats.successRate)],
    ['Credits spent', formatNumber(stats.creditsSpent)],
    ['Last run', stats.lastRunAt ? formatWhen(stats.lastRunAt) : NONE, true],
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6', className)}>
      {figures.map(([label, value, small]) => (
        <div key={label} className="flex flex-col gap-1 rounded-xl border bg-card p-3" data-figure={label}>
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className={cn('font-semibold tabular-nums', small ? 'text-sm' : 'text-lg')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
