import { ChevronDown, ClipboardCheck, Loader2, MessageSquareText, PenLine, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { AnswerReview } from '../../../../shared/answers.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useResolveReview, useReviews } from '../api.ts';

function OpenReview({ review, onAnswer }: { review: AnswerReview; onAnswer: () => void }) {
  const id = useId();
  const resolve = useResolveReview();
  const dismiss = () =>
    resolve.mutate(
      { id: review.id, resolution: { status: 'dismissed' } },
      {
        onSuccess: () => toast({ title: 'Dismissed', description: `“${review.question}”` }),
        onError: (err) => toastFailure('Could not dismiss the request', err),
      },
    );
  return (
    <article
      aria-labelledby={`${id}-question`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground sm:flex-row sm:items-start"
      data-review={review.status}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={`${id}-question`} className="font-medium break-words" data-review-question>
          {review.question}
        </h3>
        {review.note && (
          <p className="flex items-start gap-1.5 text-sm break-words text-muted-foreground">
            <MessageSquareText className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="sr-only">Note: </span>
              {review.note}
            </span>
          </p>
        )}
        <p className="text-xs text-muted-foreground">Sent {formatDate(review.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" onClick={onAnswer} data-answer-review>
          <PenLine aria-hidden />
          Answer
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={dismiss}
          disabled={resolve.isPending}
          data-dismiss-review
        >
          {resolve.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
          Dismiss
        </Button>
      </div>
    </article>
  );
}

function ResolvedReview({
  review,
  onOpenEntry,
}: {
  review: AnswerReview;
  onOpenEntry: (id: string) => void;
}) {
  const answered = review.status === 'answered';
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border bg-muted/20 px-3 py-2 sm:flex-row sm:items-center"
      data-review={review.status}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-sm break-words">{review.question}</span>
        <span className="text-xs text-muted-foreground">
          {answered ? 'Answered' : 'Dismissed'}
          {review.resolvedAt ? ` ${formatDate(review.resolvedAt)}` : ''}
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge variant={answered ? 'success' : 'outline'}>{answered ? 'Answered' : 'Dismissed'}</Badge>
        {answered && review.entryId && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => review.entryId && onOpenEntry(review.entryId)}
          >
            Open in the library
          </Button>
        )}
      </div>
    </li>
  );
}

type Props = {
  onAnswer: (review: AnswerReview) => void;
  onOpenEntry: (id: string) => void;
};

/** The review list: questions nobody could answer yet, to answer into the library or dismiss. */
export function ReviewPanel({ onAnswer, onOpenEntry }: Props) {
  const id = useId();
  const reviews = useReviews();
  const [historyOpen, setHistoryOpen] = useState(false);

  if (reviews.isError) {
    return (
      <div className="rounded-xl border p-6">
        <LoadError
          message={
            reviews.error instanceof Error ? reviews.error.message : 'The review list could not be loaded.'
          }
          onRetry={() => void reviews.refetch()}
        />
      </div>
    );
  }
  if (!reviews.data) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading the review list</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  const open = reviews.data.filter((review) => review.status === 'open');
  const resolved = reviews.data.filter((review) => review.status !== 'open');

  let openList: ReactNode;
  if (open.length === 0) {
    openList = (
      <StatePanel icon={<ClipboardCheck className="size-6" aria-hidden />} title="Nothing waits for review">
        <p className="max-w-lg text-sm text-muted-foreground" data-reviews-empty>
          When Emma cannot answer a question, send it for review from its answer. It waits here until you
          answer it into the library, so the next seller who asks gets the answer at once. Until teams arrive,
          the review list is yours alone.
        </p>
      </StatePanel>
    );
  } else {
    openList = (
      <ol className="flex flex-col gap-3" aria-label="Open review requests">
        {open.map((review) => (
          <li key={review.id}>
            <OpenReview review={review} onAnswer={() => onAnswer(review)} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Questions sent for review, newest first. Answering one adds it to your answer library.
      </p>
      {openList}
      {resolved.length > 0 && (
        <section aria-labelledby={`${id}-history`} className="flex flex-col gap-2">
          <h3 id={`${id}-history`}>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3"
              aria-expanded={historyOpen}
              aria-controls={`${id}-history-list`}
              onClick={() => setHistoryOpen((shown) => !shown)}
              data-review-history-toggle
            >
              <ChevronDown className={cn('transition-transform', historyOpen && 'rotate-180')} aria-hidden />
              Answered and dismissed ({resolved.length})
            </Button>
          </h3>
          <ul id={`${id}-history-list`} hidden={!historyOpen} className="flex flex-col gap-2">
            {resolved.map((review) => (
              <ResolvedReview key={review.id} review={review} onOpenEntry={onOpenEntry} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
