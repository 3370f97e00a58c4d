import { Loader2, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useState } from 'react';
import { QUERY_MAX_LENGTH } from '../../../../shared/copilot.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useTypedPlaceholder } from '../typing.ts';

/** What a seller might ask: the input's placeholder types these out in turn (spec 3 §2, §9). */
export const EXAMPLE_REQUESTS = [
  'Fintech companies in Germany with 50-200 employees',
  'CTOs at healthcare companies in Boston',
  'Tell me about Stripe',
  'Help me answer a security questionnaire',
];

/** Commands that change the prospect open (spec 3 §9): offered only where one is. */
export const PROSPECT_COMMANDS = ['Set the realistic forecast to $2.5m', 'Mark as at risk'];

const EXAMPLE_MS = 6000;

type Props = {
  onSend: (text: string) => Promise<boolean> | boolean;
  processing: boolean;
  label?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  /** A text to put in the box (a recent query picked). */
  value?: string;
  /** Told of every change of the text typed (the palette finds pages by name as it is typed). */
  onTextChange?: (text: string) => void;
};

/** The message box: Enter sends, Shift+Enter starts a new line; nothing is sent while a message is processed. */
export function ChatComposer({
  onSend,
  processing,
  label = 'Message the copilot',
  autoFocus,
  inputRef,
  value,
  onTextChange,
}: Props) {
  const [text, setText] = useState('');
  useEffect(() => onTextChange?.(text), [text, onTextChange]);
  const [example, setExample] = useState(0);
  const placeholder = useTypedPlaceholder(EXAMPLE_REQUESTS[example] ?? '');
  useEffect(() => {
    const timer = window.setInterval(() => setExample((i) => (i + 1) % EXAMPLE_REQUESTS.length), EXAMPLE_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (value !== undefined) setText(value);
  }, [value]);

  const submit = async () => {
    if (processing || !text.trim()) return;
    const sent = text;
    setText('');
    const ok = await onSend(sent);
    // A failed send gives the words back, so nothing typed is lost.
    if (!ok) setText((current) => current || sent);
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
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <Textarea
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={QUERY_MAX_LENGTH}
        rows={2}
        autoFocus={autoFocus}
        className="min-h-[3rem] resize-none"
      />
      <Button type="submit" size="icon" disabled={processing || !text.trim()} aria-label="Send">
        {processing ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
      </Button>
    </form>
  );
}
