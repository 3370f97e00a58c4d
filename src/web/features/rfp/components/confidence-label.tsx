import { confidenceLabel } from '../../../../shared/rfp.ts';
import { cn } from '../../../lib/cn.ts';

const DOT: Record<ReturnType<typeof confidenceLabel>, string> = {
  High: 'bg-success',
  Medium: 'bg-amber-500',
  Low: 'bg-destructive',
  None: 'bg-muted-foreground/40',
};

/** A draft's confidence in words with its colour: High, Medium, Low or None; its number and reason on hover. */
export function ConfidenceLabel({
  confidence,
  reason,
  className,
}: {
  confidence: number | null;
  /** Why, in one line (shown on hover). */
  reason?: string;
  className?: string;
}) {
  const label = confidenceLabel(confidence);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground',
        className,
      )}
      title={
        confidence === null
          ? 'Not drafted yet'
          : `Confidence ${confidence} of 100${reason ? `: ${reason}` : ''}`
      }
      data-confidence={label}
    >
      <span className={cn('size-2 shrink-0 rounded-full', DOT[label])} aria-hidden />
      {label === 'None' ? 'No confidence' : `${label} confidence`}
    </span>
  );
}
