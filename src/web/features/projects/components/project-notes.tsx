import { Loader2, MessageSquarePlus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PROJECT_NOTE_MAX } from '../../../../shared/projects.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toastFailure } from '../../../lib/toast.ts';
import { useAddNote, useDeleteNote, useNotes } from '../api.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NoteRow({
  projectId,
  note,
}: {
  projectId: string;
  note: { id: string; body: string; createdAt: string };
}) {
  const remove = useDeleteNote(projectId);
  return (
    <li className="flex items-start gap-2 py-3" data-project-note>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
        <time className="text-xs text-muted-foreground" dateTime={note.createdAt}>
          {WHEN.format(new Date(note.createdAt))}
        </time>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(note.id, { onError: (err) => toastFailure('Could not delete the note', err) })
        }
        aria-label="Delete note"
      >
        {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
      </Button>
    </li>
  );
}

/** Notes on the project: add one, read them newest first, delete. */
export function ProjectNotes({ projectId }: { projectId: string }) {
  const id = useId();
  const notes = useNotes(projectId);
  const add = useAddNote(projectId);
  const [body, setBody] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const submitted = body.trim();
    add.mutate(submitted, {
      // Only the note sent is cleared: one typed while it was being saved stays.
      onSuccess: () => setBody((current) => (current.trim() === submitted ? '' : current)),
      onError: (err) => toastFailure('Could not add the note', err),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
        Notes
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-note`} className="sr-only">
          New note
        </Label>
        <Textarea
          id={`${id}-note`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={PROJECT_NOTE_MAX}
          rows={3}
          placeholder="A call, a decision, a next step…"
        />
        <div>
          <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>
            {add.isPending ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <MessageSquarePlus aria-hidden />
            )}
            Add note
          </Button>
        </div>
      </form>
      {notes.isError ? (
        <LoadError message="Could not load the notes." onRetry={() => void notes.refetch()} />
      ) : !notes.data ? (
        <div role="status" aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Loading the notes</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-notes-empty>
          No notes yet. Write down calls, decisions and next steps here.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Notes">
          {notes.data.map((note) => (
            <NoteRow key={note.id} projectId={projectId} note={note} />
          ))}
        </ul>
      )}
    </section>
  );
}
