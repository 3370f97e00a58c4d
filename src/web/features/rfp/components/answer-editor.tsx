import { Bold, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { applyMarkdown, type MarkdownCommand } from '../markdown-edits.ts';

const ANSWER_MAX = 20_000;
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

const TOOLS: { command: MarkdownCommand; label: string; key?: string; icon: ReactNode }[] = [
  { command: 'bold', label: 'Bold', key: 'b', icon: <Bold aria-hidden /> },
  { command: 'italic', label: 'Italic', key: 'i', icon: <Italic aria-hidden /> },
  { command: 'bullets', label: 'Bulleted list', icon: <List aria-hidden /> },
  { command: 'numbers', label: 'Numbered list', icon: <ListOrdered aria-hidden /> },
  { command: 'link', label: 'Link', key: 'k', icon: <Link2 aria-hidden /> },
];

/**
 * The answer in Markdown: a toolbar that writes the marks (bold, italic, lists, link; also with the keyboard),
 * the text, and a live preview as it will read, citation numbers included.
 */
export function AnswerEditor({
  value,
  onChange,
  onSave,
  onCitation,
  disabled,
  describedBy,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/⌘+S or Ctrl/⌘+Enter in the text. */
  onSave: () => void;
  onCitation: (ref: number) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  /** The selection to show once the edited text is rendered. */
  const selection = useRef<{ start: number; end: number } | null>(null);

  useLayoutEffect(() => {
    const wanted = selection.current;
    if (!wanted || !area.current) return;
    selection.current = null;
    area.current.focus();
    area.current.setSelectionRange(wanted.start, wanted.end);
  });

  const run = (command: MarkdownCommand) => {
    const element = area.current;
    if (!element || disabled) return;
    const edit = applyMarkdown(command, {
      value,
      start: element.selectionStart,
      end: element.selectionEnd,
    });
    selection.current = { start: edit.start, end: edit.end };
    onChange(edit.value.slice(0, ANSWER_MAX));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 's' || key === 'enter') {
      event.preventDefault();
      onSave();
      return;
    }
    const tool = TOOLS.find((t) => t.key === key);
    if (tool && !event.shiftKey) {
      event.preventDefault();
      run(tool.command);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-answer-editor>
      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={`${id}-answer`}>Answer</Label>
          <span className="text-xs text-muted-foreground">Markdown · {MOD}S to save</span>
        </div>
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={`${id}-answer`}
          className="flex flex-wrap gap-0.5 rounded-md border bg-muted/40 p-0.5"
        >
          {TOOLS.map((tool) => (
            <Button
              key={tool.command}
              type="button"
              variant="ghost"
              size="sm"
              className="size-8 px-0"
              disabled={disabled}
              title={tool.key ? `${tool.label} (${MOD}${tool.key.toUpperCase()})` : tool.label}
              aria-label={tool.label}
              // Keeps the text's selection: the button would otherwise take the focus from it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(tool.command)}
              data-tool={tool.command}
            >
              {tool.icon}
            </Button>
          ))}
        </div>
        <Textarea
          ref={area}
          id={`${id}-answer`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={ANSWER_MAX}
          rows={9}
          disabled={disabled}
          placeholder="Write the answer, or draft it from your library and documents."
          aria-describedby={describedBy}
          className="min-h-44 font-mono text-sm leading-relaxed"
          data-answer-input
        />
      </div>
      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-1.5">
        <h3
          id={`${id}-preview`}
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          Preview
        </h3>
        <div className="min-h-16 rounded-md border bg-background p-3" data-answer-preview>
          {value.trim() ? (
            <Markdown text={value} onCitation={onCitation} />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
          )}
        </div>
      </section>
    </div>
  );
}
