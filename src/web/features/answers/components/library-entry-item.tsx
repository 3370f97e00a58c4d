import { BadgeCheck, Loader2, Pencil, ThumbsDown, ThumbsUp, Trash2, UserRound } from 'lucide-react';
import { useId } from 'react';
import type { LibraryEntry } from '../../../../shared/answers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useUpdateEntry } from '../api.ts';
import { nextReviewDate } from '../format.ts';
import { plainAnswer } from '../plain-text.ts';
import { CategoryBadge, ReviewDueBadge } from './entry-badges.tsx';

type Props = {
  entry: LibraryEntry;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One entry of the library list: the question (opens it), a preview of the answer, its facts and actions. */
export function LibraryEntryItem({ entry, onOpen, onEdit, onDelete }: Props) {
  const id = useId();
  const update = useUpdateEntry();
  const markReviewed = () =>
    update.mutate(
      { id: entry.id, patch: { reviewed: true } },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Marked reviewed',
            description: `Next review by ${nextReviewDate(saved.lastReviewedAt)}.`,
          }),
        onError: (err) => toastFailure('Could not mark the entry reviewed', err),
      },
    );
  const { helpful, unhelpful } = entry.feedback;
  return (
    <article
      aria-labelledby={`${id}-question`}
      className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground"
      data-library-entry={entry.id}
    >
      <div className="flex items-start gap-2">
        <h3 id={`${id}-question`} className="min-w-0 flex-1 font-medium">
          <button
            type="button"
            onClick={onOpen}
            className="rounded-sm text-left break-words hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-entry-title
          >
            {entry.question}
          </button>
        </h3>
        {entry.reviewDue && <ReviewDueBadge />}
      </div>
      <p className="line-clamp-2 text-sm break-words text-muted-foreground" data-entry-preview>
        {plainAnswer(entry.answer)}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
        <CategoryBadge category={entry.category} />
        {entry.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {entry.tags.map((tag) => (
              <li key={tag} className="rounded-full border px-2 py-0.5">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <span className="flex items-center gap-1">
          <UserRound className="size-3.5" aria-hidden />
          <span className="sr-only">Owner: </span>
          {entry.owner}
        </span>
        <span>Reviewed {formatDate(entry.lastReviewedAt)}</span>
        <span className="flex items-center gap-2">
          <span className="flex items-center gap-1" title="Helpful">
            <ThumbsUp className="size-3.5" aria-hidden />
            <span className="sr-only">Helpful: </span>
            {helpful}
          </span>
          <span className="flex items-center gap-1" title="Not helpful">
            <ThumbsDown className="size-3.5" aria-hidden />
            <span className="sr-only">Not helpful: </span>
            {unhelpful}
          </span>
        </span>
      </div>
      <div className="-mb-1 flex flex-wrap gap-1 pt-1">
        <Button variant="ghost" size="sm" className="h-8 px-2" onClick={onOpen}>
          Details
        </Button>
        <Button variant="ghost" size="sm" className="h-8 px-2" onClick={onEdit}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          onClick={markReviewed}
          disabled={update.isPending}
          data-mark-reviewed
        >
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <BadgeCheck aria-hidden />}
          Mark reviewed
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete “${entry.question}”`}
        >
          <Trash2 aria-hidden />
          <span aria-hidden>Delete</span>
        </Button>
      </div>
    </article>
  );
}
