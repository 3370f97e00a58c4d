import { Loader2, MessageSquare } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toastFailure } from '../../../lib/toast.ts';
import { useAddComment, useComments } from '../api.ts';

const WHEN = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The comments on a question, oldest first, and a box to add one (Ctrl/⌘+Enter sends it). */
export function CommentThread({ projectId, questionId }: { projectId: string; questionId: string }) {
  const id = useId();
  const comments = useComments(projectId, questionId);
  const add = useAddComment(projectId, questionId);
  const [body, setBody] = useState('');

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!body.trim() || add.isPending) return;
    add.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (err) => toastFailure('Could not add the comment', err),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send(event);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-comments>
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4" aria-hidden />
        Comments
        {comments.data && comments.data.length > 0 && (
          <span className="font-normal text-muted-foreground">({comments.data.length})</span>
        )}
      </h3>
      {comments.isError ? (
        <LoadError message="Could not load the comments." onRetry={() => void comments.refetch()} />
      ) : !comments.data ? (
        <div role="status" aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Loading the comments</span>
          <Skeleton className="h-12 w-full" />
        </div>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No comments yet. Ask a colleague to check something here.
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Comments" data-comment-list>
          {comments.data.map((comment) => (
            <li key={comment.id} className="rounded-xl border bg-background p-3" data-comment>
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{comment.author}</span>
                <time dateTime={comment.createdAt}>{WHEN.format(new Date(comment.createdAt))}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-body`} className="sr-only">
          Add a comment
        </Label>
        <Textarea
          id={`${id}-body`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={4000}
          rows={2}
          placeholder="Add a comment…"
          className="min-h-16"
          data-comment-input
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="self-start"
          disabled={!body.trim() || add.isPending}
        >
          {add.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Add comment
        </Button>
      </form>
    </section>
  );
}
