import { ArrowRight, Timer } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { PendingHandoff } from '../use-handoff.ts';

/** "Opening Company Finder in 4 s": the automatic hand-off, which the user can take at once or cancel. */
export function HandoffCountdown({
  pending,
  onNow,
  onCancel,
}: {
  pending: PendingHandoff;
  onNow: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm"
      data-handoff-countdown={pending.secondsLeft}
    >
      <Timer className="size-4 shrink-0 text-primary" aria-hidden />
      {/* Said once, not every second: the number changes visibly only. */}
      <span className="min-w-0 flex-1">
        Opening {pending.agent} in <span aria-hidden>{pending.secondsLeft} s</span>
        <span className="sr-only">a few seconds</span>…
      </span>
      <Button size="sm" onClick={onNow}>
        Open now
        <ArrowRight aria-hidden />
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Stay here
      </Button>
    </div>
  );
}
