import { CalendarClock } from 'lucide-react';
import type { AnswerCategory } from '../../../../shared/answers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { categoryLabel } from '../format.ts';

/** The category an entry or a question is filed under. */
export function CategoryBadge({ category }: { category: AnswerCategory }) {
  return (
    <Badge variant="secondary" data-category={category}>
      {categoryLabel(category)}
    </Badge>
  );
}

/** The entry's last review is older than the review interval: its answer should be confirmed again. */
export function ReviewDueBadge() {
  return (
    <Badge
      variant="outline"
      className="border-amber-500/70 bg-amber-500/10 text-amber-900 dark:text-amber-200"
      data-review-due
    >
      <CalendarClock aria-hidden />
      Review due
    </Badge>
  );
}
