import { cn } from '../../../lib/cn.ts';
import type { Fit } from '../api.ts';

const TIER_STYLES: Record<Fit['tier'], string> = {
  A: 'border-transparent bg-success text-background',
  B: 'border-transparent bg-primary/15 text-foreground',
  C: 'border-border text-muted-foreground',
};

/** The fit score with its tier; the reason is the tooltip and is read out to screen readers. */
export function FitBadge({ fit, className }: { fit: Fit; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)} title={fit.reason}>
      <span
        className={cn(
          'inline-flex size-6 items-center justify-center rounded-full border text-xs font-semibold',
          TIER_STYLES[fit.tier],
        )}
        aria-hidden
      >
        {fit.tier}
      </span>
      <span className="tabular-nums">{fit.score}</span>
      <span className="sr-only">
        Fit {fit.score} of 100, tier {fit.tier}: {fit.reason}
      </span>
    </span>
  );
}
