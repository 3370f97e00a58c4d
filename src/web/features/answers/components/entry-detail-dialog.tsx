import { BadgeCheck, Loader2, Pencil, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { LibraryEntry } from '../../../../shared/answers.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useLibraryEntry, useUpdateEntry } from '../api.ts';
import { nextReviewDate, ORIGIN_LABELS } from '../format.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import { CategoryBadge, ReviewDueBadge } from './entry-badges.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** The feedback on answers given from this entry: what its owner reads to improve it. */
function FeedbackSection({ entry }: { entry: LibraryEntry }) {
  const id = useId();
  const { helpful, unhelpful, comments } = entry.feedback;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t pt-4" data-entry-feedback>
      <h3 id={id} className="text-sm font-semibold">
        Feedback from sellers
      </h3>
      <div className="flex items-center gap-4 text-sm">
        <span className="flex items-center gap-1.5" data-feedback-helpful={helpful}>
          <ThumbsUp className="size-4 text-success" aria-hidden />
          {helpful} helpful
        </span>
        <span className="flex items-center gap-1.5" data-feedback-unhelpful={unhelpful}>
          <ThumbsDown className="size-4 text-destructive" aria-hidden />
          {unhelpful} not helpful
        </span>
      </div>
      {comments.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Latest comments">
          {comments.map((comment) => (
            <li
              key={`${comment.createdAt}-${comment.comment}`}
              className="flex gap-2 rounded-lg border bg-muted/30 px-3 py-2 text-sm"
              data-feedback-comment-item
            >
              {comment.rating > 0 ? (
                <ThumbsUp className="mt-0.5 size-4 shrink-0 text-success" aria-label="Helpful" />
              ) : (
                <ThumbsDown className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Not helpful" />
              )}
              <div className="flex min-w-0 flex-col">
                <span className="break-words">{comment.comment}</span>
                <span className="text-xs text-muted-foreground">{formatDate(comment.createdAt)}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {helpful + unhelpful === 0
            ? 'No feedback yet. When someone rates an answer given from this entry, it shows here.'
            : 'No comments yet.'}
        </p>
      )}
    </section>
  );
}

function Detail({
  entry,
  onEdit,
  onDelete,
}: {
  entry: LibraryEntry;
  onEdit: () => void;
  onDelete: () => void;
}) {
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
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={entry.category} />
        {entry.tags.map((tag) => (
          <Badge key={tag} variant="outline">
            #{tag}
          </Badge>
        ))}
        {entry.reviewDue && <ReviewDueBadge />}
      </div>
      <div className="rounded-xl border bg-muted/20 p-4" data-entry-answer-text>
        <Markdown text={entry.answer} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Owner">{entry.owner}</Fact>
        <Fact label="Last reviewed">{formatDate(entry.lastReviewedAt)}</Fact>
        <Fact label={entry.reviewDue ? 'Review' : 'Next review by'}>
          {entry.reviewDue ? 'Due now' : nextReviewDate(entry.lastReviewedAt)}
        </Fact>
        <Fact label="Origin">{ORIGIN_LABELS[entry.origin]}</Fact>
      </dl>
      <FeedbackSection entry={entry} />
      <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:flex-wrap">
        <Button variant="outline" size="sm" onClick={onEdit} data-edit-entry>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
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
          className="text-destructive hover:bg-destructive/10 hover:text-destructive sm:ml-auto"
          onClick={onDelete}
          data-delete-entry
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </div>
  );
}

/** One library entry: the answer as sellers see it, who owns it, when it was reviewed, and its feedback. */
export function EntryDetailDialog({
  entryId,
  onClose,
  onEdit,
}: {
  entryId: string | null;
  onClose: () => void;
  onEdit: (entry: LibraryEntry) => void;
}) {
  const entry = useLibraryEntry(entryId);
  const [deleting, setDeleting] = useState<LibraryEntry | null>(null);
  return (
    <Dialog open={entryId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-entry-detail>
        <DialogHeader className="pr-8">
          <DialogTitle className="text-lg break-words">
            {entry.data?.question ?? (entry.isError ? 'Library entry' : 'Loading the entry…')}
          </DialogTitle>
          <DialogDescription>An approved answer in your library.</DialogDescription>
        </DialogHeader>
        {entry.isError ? (
          <LoadError
            message={entry.error instanceof Error ? entry.error.message : 'The entry could not be loaded.'}
            onRetry={() => void entry.refetch()}
          />
        ) : entry.data ? (
          <Detail
            entry={entry.data}
            onEdit={() => entry.data && onEdit(entry.data)}
            onDelete={() => setDeleting(entry.data ?? null)}
          />
        ) : (
          <div role="status" aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">Loading the entry</span>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} onDeleted={onClose} />
      </DialogContent>
    </Dialog>
  );
}
