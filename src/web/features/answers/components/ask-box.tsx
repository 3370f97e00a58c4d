import { Loader2, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { QUESTION_MAX_LENGTH } from '../../../../shared/answers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useActivityPrice } from '../../../lib/credits.ts';
import { plural } from '../format.ts';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** Resolves false when the question was not answered (it stays in the box). */
  onAsk: (question: string) => Promise<boolean>;
  asking: boolean;
};

/** The question box: Enter asks (Shift+Enter is a new line); empty questions and a second one meanwhile are ignored. */
export function AskBox({ value, onChange, onAsk, asking }: Props) {
  const id = useId();
  const price = useActivityPrice('knowledge_chat');
  const box = useRef<HTMLTextAreaElement>(null);
  /** Asked from here: the box (disabled meanwhile) gets the focus back when the answer is in. */
  const refocus = useRef(false);
  useEffect(() => {
    if (!asking && refocus.current) {
      refocus.current = false;
      box.current?.focus();
    }
  }, [asking]);

  const submit = async () => {
    if (asking || !value.trim()) return;
    refocus.current = true;
    const asked = value;
    onChange('');
    // A question that failed comes back to the box, so nothing typed is lost.
    if (!(await onAsk(asked))) onChange(asked);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs sm:p-5"
      aria-labelledby={`${id}-label`}
    >
      <label id={`${id}-label`} htmlFor={`${id}-question`} className="text-lg font-semibold tracking-tight">
        Ask a sales question
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Textarea
          ref={box}
          id={`${id}-question`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. Do you encrypt customer data at rest?"
          maxLength={QUESTION_MAX_LENGTH}
          rows={2}
          className="min-h-[3.5rem] resize-none text-base sm:text-base"
          aria-describedby={`${id}-hint`}
          disabled={asking}
          data-ask-input
        />
        <Button type="submit" size="lg" className="px-6" disabled={asking || !value.trim()} data-ask-submit>
          {asking ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
          {asking ? 'Asking…' : 'Ask'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Press Enter to ask, Shift+Enter for a new line. Emma answers from your answer library first (free),
        then from your documents with citations ({plural(price, 'credit', 'credits')}). When nothing answers,
        she says so and nothing is charged.
      </p>
    </form>
  );
}
