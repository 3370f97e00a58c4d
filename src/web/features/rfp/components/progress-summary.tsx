import type { RfpProgress } from '../../../../shared/rfp.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';

/** Approved of total as a bar, with how many are drafts and how many need review. */
export function ProgressSummary({
  progress,
  label,
  className,
}: {
  progress: RfpProgress;
  /** The bar's accessible name ("Progress of Globex security review"). */
  label: string;
  className?: string;
}) {
  const { total, approved, draft, needsReview, percent } = progress;
  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-progress={percent}>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${approved} of ${total} approved`}
      >
        <div
          className="h-full rounded-full bg-success transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <span className="font-medium text-foreground" data-progress-approved>
          {formatNumber(approved)} of {formatNumber(total)} approved ({percent}%)
        </span>
        <span>{formatNumber(draft)} draft</span>
        <span className={cn(needsReview > 0 && 'text-foreground')}>
          {formatNumber(needsReview)} need{needsReview === 1 ? 's' : ''} review
        </span>
      </p>
    </div>
  );
}
