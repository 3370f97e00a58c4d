import {
  BookOpenText,
  Bot,
  Loader2,
  MessageSquarePlus,
  SendHorizontal,
  TriangleAlert,
  User,
} from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MODEL_UNAVAILABLE_NOTICE } from '../../../../shared/copilot.ts';
import { citationParts, KNOWLEDGE_QUERY_MAX_LENGTH } from '../../../../shared/knowledge.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { useActivityPrice } from '../../../lib/credits.ts';
import type { KnowledgeMessage } from '../use-knowledge-chat.ts';

type ChatProps = {
  messages: KnowledgeMessage[];
  processing: boolean;
  onSend: (text: string) => Promise<boolean>;
  onClear: () => void;
  /** The answer whose sources the panel shows. */
  selectedId: string | null;
  /** A citation marker or an answer was picked: show its sources, with `ref` picked out. */
  onSelectSource: (messageId: string, ref: number | null) => void;
  hasDocuments: boolean;
};

function AnswerText({ message, onCite }: { message: KnowledgeMessage; onCite: (ref: number) => void }) {
  const refs = new Set(message.sources.map((source) => source.ref));
  return (
    <>
      {citationParts(message.content, refs).map((part, index) =>
        'ref' in part ? (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a marker may repeat; its place is its identity
            key={index}
            type="button"
            onClick={() => onCite(part.ref)}
            className="mx-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded bg-primary/10 px-1 align-text-top text-xs font-semibold text-primary hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Source ${part.ref}`}
            data-citation={part.ref}
          >
            {part.ref}
          </button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Message({
  message,
  selected,
  onSelectSource,
}: {
  message: KnowledgeMessage;
  selected: boolean;
  onSelectSource: ChatProps['onSelectSource'];
}) {
  if (message.sender === 'user') {
    return (
      <div className="flex justify-end gap-2">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm break-words whitespace-pre-wrap text-primary-foreground">
          {message.content}
        </p>
        <span className="sr-only">You</span>
        <User className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden />
      </div>
    );
  }
  const count = message.sources.length;
  return (
    <div className="flex gap-2">
      <Bot className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
      <span className="sr-only">Knowledge agent</span>
      <div className="flex min-w-0 max-w-[90%] flex-col items-start gap-1.5">
        <p
          className={cn(
            'rounded-2xl rounded-bl-sm border bg-card px-4 py-2 text-sm break-words whitespace-pre-wrap text-card-foreground',
            message.failed && 'border-destructive/40',
            selected && count > 0 && 'border-primary/50',
          )}
          data-answer={message.answered === false ? 'unknown' : message.failed ? 'failed' : 'answered'}
        >
          {message.failed && (
            <TriangleAlert className="mr-2 inline size-4 align-text-bottom text-destructive" aria-hidden />
          )}
          <AnswerText message={message} onCite={(ref) => onSelectSource(message.id, ref)} />
        </p>
        {message.modelUnavailable && (
          <p className="text-xs text-muted-foreground" data-model-unavailable>
            {MODEL_UNAVAILABLE_NOTICE}
          </p>
        )}
        {count > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs text-muted-foreground"
            onClick={() => onSelectSource(message.id, null)}
            aria-pressed={selected}
          >
            <BookOpenText aria-hidden />
            {count === 1 ? '1 source' : `${count} sources`}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The chat over the uploaded documents: answers with their citation markers, one question at a time. */
export function KnowledgeChat({
  messages,
  processing,
  onSend,
  onClear,
  selectedId,
  onSelectSource,
  hasDocuments,
}: ChatProps) {
  const id = useId();
  const [text, setText] = useState('');
  const price = useActivityPrice('knowledge_chat');
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives or the answer starts
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [messages.length, processing]);

  const submit = async () => {
    if (processing || !text.trim()) return;
    const sent = text;
    setText('');
    // A failed question comes back to the box, so nothing typed is lost.
    if (!(await onSend(sent))) setText((current) => current || sent);
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
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs"
    >
      <header className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
          Ask your documents
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={processing || messages.length === 0}>
          <MessageSquarePlus aria-hidden />
          New chat
        </Button>
      </header>
      <section
        className="h-[22rem] overflow-y-auto rounded-xl border bg-muted/30 p-4 sm:h-[26rem]"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        aria-label="Conversation"
      >
        {messages.length === 0 && !processing ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center" data-chat-empty>
            <BookOpenText className="size-8 text-primary" aria-hidden />
            <p className="font-medium">
              {hasDocuments ? 'Ask a question about your documents.' : 'Upload documents to start.'}
            </p>
            <p className="max-w-md text-sm text-muted-foreground">
              Answers come only from your documents, and each one cites the passage, section and page it is
              taken from. When nothing in them answers the question, the agent says so, and that costs
              nothing; an answer costs {price} {price === 1 ? 'credit' : 'credits'}.
            </p>
          </div>
        ) : (
          <ol className="flex flex-col gap-4" aria-live="polite">
            {messages.map((message) => (
              <li key={message.id} data-chat-message={message.sender}>
                <Message
                  message={message}
                  selected={message.id === selectedId}
                  onSelectSource={onSelectSource}
                />
              </li>
            ))}
            {processing && (
              <li aria-busy="true" data-chat-loading>
                <div className="flex gap-2">
                  <Bot className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
                  <p className="rounded-2xl rounded-bl-sm border bg-card px-4 py-2 text-sm text-muted-foreground">
                    <Loader2 className="mr-2 inline size-4 animate-spin align-text-bottom" aria-hidden />
                    Searching your documents…
                  </p>
                </div>
              </li>
            )}
          </ol>
        )}
        <div ref={end} />
      </section>
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <Textarea
          aria-label="Ask a question about your documents"
          placeholder="What do our policies say about MFA?"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={KNOWLEDGE_QUERY_MAX_LENGTH}
          rows={2}
          className="min-h-[3rem] resize-none"
          data-chat-input
        />
        <Button type="submit" size="icon" disabled={processing || !text.trim()} aria-label="Send">
          {processing ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
        </Button>
      </form>
    </section>
  );
}
