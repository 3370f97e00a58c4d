import { BookPlus, Check, ClipboardList, Loader2, RotateCcw, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AnswerReview } from '../../../../shared/answers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useRequestReview } from '../api.ts';

const NOTE_MAX = 1000;

type Props = {
  question: string;
  review: AnswerReview | null;
  addedEntryId: string | null;
  onReviewSent: (review: AnswerReview) => void;
  onAddToLibrary: () => void;
  onOpenReviews: () => void;
  onAskAgain: () => void;
};

/**
 * What to do with a question nothing answered: send it to the review list (with a note for whoever answers)
 * or write the answer into the library now.
 */
export function UnansweredActions({
  question,
  review,
  addedEntryId,
  onReviewSent,
  onAddToLibrary,
  onOpenReviews,
  onAskAgain,
}: Props) {
  const id = useId();
  const request = useRequestReview();
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      { question, note: note.trim() || undefined },
      {
        onSuccess: (sent) => {
          setWriting(false);
          onReviewSent(sent);
          toast({ title: 'Sent for review', description: 'The question is on your review list.' });
        },
        onError: (err) => toastFailure('Could not send the question for review', err),
      },
    );
  };

  if (addedEntryId || review?.status === 'answered') {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-added-to-library>
        <p className="flex flex-1 items-start gap-2 text-sm" role="status">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>
            {addedEntryId ? 'Your answer is in the library' : 'It was answered on your review list'}: this
            question is answered from the library from now on.
          </span>
        </p>
        <Button variant="outline" size="sm" onClick={onAskAgain}>
          <RotateCcw aria-hidden />
          Ask again
        </Button>
      </div>
    );
  }
  const pending = review?.status === 'open' ? review : null;

  return (
    <div className="flex flex-col gap-3">
      {pending ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-review-sent>
          <p className="flex flex-1 items-start gap-2 text-sm" role="status">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>
              Sent for review on {formatDate(pending.createdAt)}. It waits on your review list until someone
              answers it.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onOpenReviews}>
              <ClipboardList aria-hidden />
              Open the review list
            </Button>
            <Button size="sm" variant="ghost" onClick={onAddToLibrary}>
              <BookPlus aria-hidden />
              Answer it now
            </Button>
          </div>
        </div>
      ) : (
        !writing && (
          <div className="flex flex-col gap-2">
            {review?.status === 'dismissed' && (
              <p className="text-sm text-muted-foreground">It was dismissed from your review list.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setWriting(true)} data-send-review>
                <Send aria-hidden />
                Send for review
              </Button>
              <Button size="sm" variant="outline" onClick={onAddToLibrary} data-add-to-library>
                <BookPlus aria-hidden />
                Add an answer to the library
              </Button>
            </div>
          </div>
        )
      )}
      {writing && !pending && (
        <form
          id={`${id}-review-form`}
          onSubmit={onSubmit}
          className="flex flex-col gap-2 rounded-xl border bg-muted/30 p-3"
          data-review-form
        >
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            A note for whoever answers it{' '}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Textarea
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={NOTE_MAX}
            rows={2}
            placeholder="Asked by Globex in the security review; needed by Friday."
            aria-describedby={`${id}-note-hint`}
            autoFocus
            data-review-note
          />
          <p id={`${id}-note-hint`} className="text-xs text-muted-foreground">
            The question goes to your review list, where you (or, once teams arrive, your subject-matter
            experts) answer it into the library.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={request.isPending} data-review-submit>
              {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Send for review
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setWriting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
