import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  ANSWER_CATEGORIES,
  ANSWER_MAX_LENGTH,
  type AnswerCategory,
  type AnswerReview,
  categorize,
  type LibraryEntry,
  QUESTION_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX,
} from '../../../../shared/answers.ts';
import { Markdown } from '../../../components/markdown.tsx';
import { TagInput } from '../../../components/tag-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateEntry, useResolveReview, useUpdateEntry } from '../api.ts';
import { categoryLabel } from '../format.ts';

/** What the form is for: a new entry (maybe prefilled), changing one, or answering a review request. */
export type EntryFormTarget =
  | { mode: 'create'; question?: string; onSaved?: (entry: LibraryEntry) => void }
  | { mode: 'edit'; entry: LibraryEntry }
  | { mode: 'review'; review: AnswerReview; onSaved?: (entry: LibraryEntry) => void };

const OWNER_MAX = 100;

const TITLES = {
  create: 'Add an answer to the library',
  edit: 'Edit the library entry',
  review: 'Answer the review request',
} as const;

const DESCRIPTIONS = {
  create:
    'An approved answer is given, free, whenever someone asks the same thing in other words. Write it in Markdown.',
  edit: 'Changing the question or the answer marks the entry reviewed today.',
  review: 'Your answer joins the library, and the request is marked answered.',
} as const;

type Draft = { question: string; answer: string; category: AnswerCategory; tags: string[]; owner: string };

function initialDraft(target: EntryFormTarget): Draft {
  if (target.mode === 'edit') {
    const { entry } = target;
    return {
      question: entry.question,
      answer: entry.answer,
      category: entry.category,
      tags: entry.tags,
      owner: entry.owner,
    };
  }
  const question = target.mode === 'review' ? target.review.question : (target.question ?? '');
  return { question, answer: '', category: categorize(question), tags: [], owner: '' };
}

function Form({ target, onDone }: { target: EntryFormTarget; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(target));
  const [initialQuestion] = useState(draft.question);
  // The category follows the question's words until the user picks one.
  const [categoryPicked, setCategoryPicked] = useState(target.mode === 'edit');
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const resolve = useResolveReview();
  const pending = create.isPending || update.isPending || resolve.isPending;

  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const saved = (entry: LibraryEntry | null, title: string) => {
    toast({ title, description: entry ? `“${entry.question}”` : undefined });
    if (entry && target.mode !== 'edit') target.onSaved?.(entry);
    onDone();
  };
  const failed = (err: unknown) =>
    setServerError(err instanceof Error ? err.message : 'The answer could not be saved. Try again.');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.question.trim();
    const answer = draft.answer.trim();
    const found: typeof errors = {};
    if (target.mode !== 'review' && question.length < 3)
      found.question = 'Write the question (3 characters or more).';
    if (!answer) found.answer = 'Write the answer.';
    setErrors(found);
    setServerError(null);
    if (found.question || found.answer) return;
    const owner = draft.owner.trim() || undefined;
    if (target.mode === 'create') {
      create.mutate(
        { question, answer, category: draft.category, tags: draft.tags, owner },
        { onSuccess: (entry) => saved(entry, 'Added to the library'), onError: failed },
      );
    } else if (target.mode === 'edit') {
      update.mutate(
        {
          id: target.entry.id,
          patch: { question, answer, category: draft.category, tags: draft.tags, owner },
        },
        { onSuccess: (entry) => saved(entry, 'Library entry saved'), onError: failed },
      );
    } else {
      resolve.mutate(
        {
          id: target.review.id,
          resolution: { status: 'answered', answer, category: draft.category, tags: draft.tags },
        },
        { onSuccess: (result) => saved(result.entry, 'Answered and added to the library'), onError: failed },
      );
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate data-entry-form={target.mode}>
      {target.mode === 'review' ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Question</span>
          <p
            className="rounded-md border bg-muted/40 px-3 py-2 text-sm break-words"
            data-entry-question-fixed
          >
            {target.review.question}
          </p>
          {target.review.note && <p className="text-sm text-muted-foreground">Note: {target.review.note}</p>}
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-question`}>Question</Label>
          <Textarea
            id={`${id}-question`}
            value={draft.question}
            onChange={(event) => {
              const question = event.target.value;
              set(categoryPicked ? { question } : { question, category: categorize(question) });
            }}
            maxLength={QUESTION_MAX_LENGTH}
            rows={2}
            className="min-h-0 resize-y"
            placeholder="Do you support single sign-on with SAML?"
            aria-invalid={errors.question ? true : undefined}
            aria-describedby={errors.question ? `${id}-question-error` : undefined}
            data-entry-question
          />
          {errors.question && (
            <p id={`${id}-question-error`} className="text-sm text-destructive">
              {errors.question}
            </p>
          )}
        </div>
      )}

      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-answer`}>Answer (Markdown)</Label>
          <Textarea
            id={`${id}-answer`}
            value={draft.answer}
            onChange={(event) => set({ answer: event.target.value })}
            maxLength={ANSWER_MAX_LENGTH}
            rows={9}
            className="min-h-48 resize-y font-mono text-sm sm:text-sm"
            placeholder={
              'Yes. We support **SAML 2.0** single sign-on with:\n\n- Okta\n- Azure AD\n- Google Workspace'
            }
            aria-invalid={errors.answer ? true : undefined}
            aria-describedby={`${id}-answer-hint${errors.answer ? ` ${id}-answer-error` : ''}`}
            // The question is given (an unanswered question, a review request): the answer is what to write.
            autoFocus={target.mode !== 'edit' && initialQuestion.length > 0}
            data-entry-answer
          />
          <p id={`${id}-answer-hint`} className="text-xs text-muted-foreground">
            **bold**, *italic*, - lists, [links](https://example.com) and tables work.
          </p>
          {errors.answer && (
            <p id={`${id}-answer-error`} className="text-sm text-destructive">
              {errors.answer}
            </p>
          )}
        </div>
        <section aria-labelledby={`${id}-preview`} className="flex min-w-0 flex-col gap-1.5">
          <h3 id={`${id}-preview`} className="text-sm leading-none font-medium">
            Preview
          </h3>
          <div
            className="min-h-24 overflow-y-auto rounded-md border bg-muted/30 px-3 py-2 md:min-h-48 md:max-h-72"
            data-entry-preview
          >
            {draft.answer.trim() ? (
              <Markdown text={draft.answer} />
            ) : (
              <p className="text-sm text-muted-foreground">The answer appears here as sellers will see it.</p>
            )}
          </div>
        </section>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <NativeSelect
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => {
              setCategoryPicked(true);
              set({ category: event.target.value as AnswerCategory });
            }}
            data-entry-category
          >
            {ANSWER_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {target.mode !== 'review' && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-owner`}>Owner</Label>
            <Input
              id={`${id}-owner`}
              value={draft.owner}
              onChange={(event) => set({ owner: event.target.value })}
              maxLength={OWNER_MAX}
              placeholder="You, unless you name someone"
              data-entry-owner-input
            />
          </div>
        )}
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-tag`}>Tags</Label>
        <TagInput
          id={`${id}-tag`}
          tags={draft.tags}
          onChange={(tags) => set({ tags })}
          maxTags={TAGS_MAX}
          maxTagLength={TAG_MAX_LENGTH}
        />
      </div>

      {serverError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
          data-entry-error
        >
          {serverError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-entry-save>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {target.mode === 'edit' ? 'Save changes' : 'Add to library'}
        </Button>
      </div>
    </form>
  );
}

const formKey = (target: EntryFormTarget) =>
  target.mode === 'edit'
    ? `edit-${target.entry.id}`
    : target.mode === 'review'
      ? `review-${target.review.id}`
      : `create-${target.question ?? ''}`;

/** The library entry form: question, Markdown answer with a live preview, category, tags and owner. */
export function EntryFormDialog({
  target,
  onClose,
}: {
  target: EntryFormTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        {target && (
          <>
            <DialogHeader className="pr-8">
              <DialogTitle>{TITLES[target.mode]}</DialogTitle>
              <DialogDescription>{DESCRIPTIONS[target.mode]}</DialogDescription>
            </DialogHeader>
            <Form key={formKey(target)} target={target} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
