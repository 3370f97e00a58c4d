import { Loader2, Save, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId } from 'react';
import { DOC_MARKDOWN_MAX, DOC_TITLE_MAX, MISSING_PATTERN } from '../../../../shared/docgen.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { plural } from '../format.ts';

export type Draft = { title: string; markdown: string };

/** The document as Markdown, with its title: type over a `[Missing: …]` mark to fill it in. */
export function DocumentEditor({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  error,
  textareaRef,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  error: string | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  const marks = draft.markdown.match(MISSING_PATTERN)?.length ?? 0;
  const titleEmpty = draft.title.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!titleEmpty) onSave();
  };
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Edit the document"
      data-document-editor
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-title`} className="text-sm leading-none font-medium">
          Title
        </label>
        <Input
          id={`${id}-title`}
          value={draft.title}
          maxLength={DOC_TITLE_MAX}
          required
          aria-invalid={titleEmpty || undefined}
          aria-describedby={titleEmpty ? `${id}-title-error` : undefined}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
          data-title-input
        />
        {titleEmpty && (
          <p id={`${id}-title-error`} className="text-xs text-destructive">
            A document needs a title.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="text-sm leading-none font-medium">
          Text (Markdown)
        </label>
        <Textarea
          ref={textareaRef}
          id={`${id}-text`}
          value={draft.markdown}
          maxLength={DOC_MARKDOWN_MAX}
          rows={24}
          spellCheck
          className="min-h-[24rem] font-mono text-sm leading-relaxed sm:text-sm"
          aria-describedby={`${id}-text-hint`}
          onChange={(event) => onChange({ ...draft, markdown: event.target.value })}
          data-markdown-input
        />
        <p id={`${id}-text-hint`} className="text-xs text-muted-foreground" aria-live="polite">
          {marks === 0
            ? 'No [Missing: …] mark is left.'
            : `${plural(marks, 'mark')} like [Missing: …] left: replace each with the real text.`}{' '}
          # headings, **bold**, - lists; numbers in brackets cite the sources.
        </p>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm break-words"
        >
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving || titleEmpty} data-save-document>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Save
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          <X aria-hidden />
          Cancel
        </Button>
      </div>
    </form>
  );
}
