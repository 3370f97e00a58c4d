import { CalendarClock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { daysUntil, dueText, formatDeadline } from '../format.ts';

/** "Due Dec 10, 2026 · due in 14 days", in red once overdue (a completed project is never overdue). */
export function DeadlineText({
  deadline,
  completed,
  className,
}: {
  deadline: string | null;
  completed: boolean;
  className?: string;
}) {
  if (!deadline) {
    return <span className={cn('text-muted-foreground', className)}>No deadline</span>;
  }
  const days = daysUntil(deadline);
  const overdue = days < 0 && !completed;
  return (
    <span
      className={cn('inline-flex items-center gap-1', overdue && 'font-medium text-destructive', className)}
      data-deadline={overdue ? 'overdue' : 'due'}
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      <span>
        Due {formatDeadline(deadline)}
        {!completed && ` · ${dueText(days)}`}
      </span>
    </span>
  );
}
