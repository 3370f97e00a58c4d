import { ArrowLeft, History, MessageSquarePlus, Sparkles } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isUuid } from '../../../../shared/uuid.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCopilotSessions } from '../api.ts';
import { ChatComposer, EXAMPLE_REQUESTS, PROSPECT_COMMANDS } from '../components/chat-composer.tsx';
import { ChatThread } from '../components/chat-thread.tsx';
import { HandoffCountdown } from '../components/handoff-countdown.tsx';
import { useRecentQueries } from '../recent-queries.ts';
import { useCopilotChat } from '../use-copilot-chat.ts';
import { type RouteAvailability, useHandoff } from '../use-handoff.ts';

/**
 * The copilot chat (spec 3 §2 "Copilot chat"): type what you want, the copilot says what it understood and
 * hands you to the agent with the filters applied, or carries out a command. Past conversations are kept on
 * the server and listed beside the chat.
 */
export function ChatPage({ isAvailable }: { isAvailable: RouteAvailability }) {
  useDocumentTitle('Copilot chat');
  const { pathname } = useLocation();
  // Opened from a prospect's page (`/chat?prospect={id}`): commands act on that prospect.
  const [params, setParams] = useSearchParams();
  const prospect = params.get('prospect');
  const prospectId = prospect && isUuid(prospect) ? prospect : null;
  const { onReply, handOff, pending, cancelHandoff } = useHandoff(isAvailable);
  const chat = useCopilotChat({ path: pathname, prospectId, onReply, resume: true });
  const recent = useRecentQueries();
  const sessions = useCopilotSessions();
  const empty = chat.messages.length === 0 && !chat.loadingHistory;
  // Asking something else is staying here.
  const send = (text: string) => {
    cancelHandoff();
    return chat.send(text);
  };
  // A prospect's commands are offered where one is open; elsewhere the requests that need none.
  const starters = prospectId ? [...PROSPECT_COMMANDS, ...EXAMPLE_REQUESTS] : EXAMPLE_REQUESTS;
  /** The prospect picked for a command refused for want of one: it becomes the chat's, and the command is sent again. */
  const pickProspect = (command: string, id: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('prospect', id);
        return next;
      },
      { replace: true },
    );
    void chat.send(command, { prospectId: id });
  };

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem-var(--mobile-nav-height))] max-w-6xl gap-6 px-4 py-6 sm:px-8 md:h-[calc(100dvh-2rem)]">
      <aside className="hidden w-60 shrink-0 flex-col gap-3 lg:flex" aria-label="Conversations">
        <Button variant="outline" onClick={chat.clear} disabled={chat.processing}>
          <MessageSquarePlus aria-hidden />
          New chat
        </Button>
        <h2 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <History className="size-3.5" aria-hidden />
          Conversations
        </h2>
        <ul className="flex flex-col gap-1 overflow-y-auto">
          {(sessions.data ?? []).map((session) => (
            <li key={session.id}>
              <button
                type="button"
                onClick={() => chat.open(session.id)}
                aria-current={session.id === chat.sessionId ? 'true' : undefined}
                className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent aria-[current]:bg-accent"
              >
                <span className="line-clamp-1">{session.title}</span>
                <span className="text-xs text-muted-foreground">{formatDate(session.updatedAt)}</span>
              </button>
            </li>
          ))}
          {sessions.data?.length === 0 && <li className="px-2 text-sm text-muted-foreground">None yet</li>}
        </ul>
      </aside>

      <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby="chat-title">
        <header className="flex items-center justify-between gap-3">
          <h1 id="chat-title" className="text-2xl font-semibold tracking-tight">
            Copilot
          </h1>
          <Button
            variant="ghost"
            size="sm"
            onClick={chat.clear}
            disabled={chat.processing || empty}
            className="lg:hidden"
          >
            <MessageSquarePlus aria-hidden />
            New chat
          </Button>
        </header>
        {prospectId && (
          <p
            className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground"
            data-prospect-context
          >
            Commands such as "set status to at-risk" act on the prospect you came from.
            <Link
              to={`/prospect/${prospectId}`}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-3.5" aria-hidden />
              Back to the prospect
            </Link>
          </p>
        )}

        <div className="min-h-0 flex-1 overflow-y-auto rounded-xl border bg-muted/30 p-4">
          {empty ? (
            <div className="flex h-full flex-col items-center justify-center gap-4 text-center">
              <Sparkles className="size-8 text-primary" aria-hidden />
              <div>
                <p className="font-medium">Ask in plain words.</p>
                <p className="text-sm text-muted-foreground">
                  The copilot finds the right agent and opens it with your filters applied. Each request costs
                  1 credit; commands such as "mark as at risk" are free.
                </p>
              </div>
              <ul className="flex max-w-xl flex-wrap justify-center gap-2">
                {(recent.length > 0 ? recent.map((q) => q.query) : starters).map((text) => (
                  <li key={text}>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void send(text)}
                      className="h-auto py-1.5 text-left whitespace-normal"
                    >
                      {text}
                    </Button>
                  </li>
                ))}
              </ul>
              {recent.length > 0 && <p className="text-xs text-muted-foreground">Your recent requests</p>}
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              <ChatThread messages={chat.messages} onOpenAgent={handOff} onPickProspect={pickProspect} />
              {pending && (
                <HandoffCountdown
                  pending={pending}
                  onNow={() => handOff(pending.answer)}
                  onCancel={cancelHandoff}
                />
              )}
            </div>
          )}
        </div>

        <ChatComposer onSend={send} processing={chat.processing} autoFocus />
      </section>
    </div>
  );
}
