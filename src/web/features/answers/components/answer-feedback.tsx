import { Check, Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { useSendFeedback } from '../api.ts';
import type { AskTurn } from '../use-ask-session.ts';

const COMMENT_MAX = 1000;

type Props = {
  question: string;
  answer: string;
  /** The library entry answered with: the feedback is shown to its owner with it. */
  entryId: string | null;
  owner: string | null;
  vote: AskTurn['vote'];
  onVoted: (vote: NonNullable<AskTurn['vote']>) => void;
};

/** Thumbs up or down on one answer, once; thumbs down asks what was wrong (optional). */
export function AnswerFeedback({ question, answer, entryId, owner, vote, onVoted }: Props) {
  const id = useId();
  const send = useSendFeedback();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState<1 | -1 | null>(null);

  const submit = (rating: 1 | -1, text?: string) => {
    const trimmed = text?.trim() || undefined;
    setSending(rating);
    send.mutate(
      { question, answer, rating, entryId, comment: trimmed },
      {
        onSuccess: () => {
          setCommenting(false);
          onVoted({ rating, comment: trimmed ?? null });
        },
        onError: (err) => toastFailure('Could not record your feedback', err),
        onSettled: () => setSending(null),
      },
    );
  };
  const onSubmitComment = (event: FormEvent) => {
    event.preventDefault();
    submit(-1, comment);
  };

  if (vote) {
    return (
      <p
        className="flex items-start gap-2 text-sm text-muted-foreground"
        role="status"
        data-feedback-recorded
      >
        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        <span>
          {vote.rating > 0 ? 'Marked helpful.' : 'Marked not helpful.'} Thanks, your feedback is recorded
          {entryId ? ` and shown to the entry's owner${owner ? ` (${owner})` : ''} in the library.` : '.'}
        </span>
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex items-center gap-1" disabled={send.isPending}>
        <legend className="float-left mr-1 text-sm text-muted-foreground">Helpful?</legend>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Helpful"
          onClick={() => submit(1)}
          data-vote="up"
        >
          {sending === 1 ? <Loader2 className="animate-spin" aria-hidden /> : <ThumbsUp aria-hidden />}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={cn('size-9', commenting && 'bg-accent text-accent-foreground')}
          aria-label="Not helpful"
          aria-expanded={commenting}
          aria-controls={`${id}-comment-form`}
          onClick={() => setCommenting((open) => !open)}
          data-vote="down"
        >
          <ThumbsDown aria-hidden />
        </Button>
      </fieldset>
      {commenting && (
        <form
          id={`${id}-comment-form`}
          onSubmit={onSubmitComment}
          className="flex w-full flex-col gap-2 rounded-xl border bg-muted/30 p-3"
          data-feedback-form
        >
          <label htmlFor={`${id}-comment`} className="text-sm font-medium">
            What was wrong or missing? <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Textarea
            id={`${id}-comment`}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={COMMENT_MAX}
            rows={2}
            placeholder={
              entryId ? 'Your comment goes to the library entry’s owner.' : 'Out of date, too vague…'
            }
            autoFocus
            data-feedback-comment
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              {sending === -1 && <Loader2 className="animate-spin" aria-hidden />}
              Send feedback
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setCommenting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
