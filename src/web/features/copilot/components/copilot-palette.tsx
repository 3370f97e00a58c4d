import { ArrowRight, Clock, MessageSquareText, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useMatch, useNavigate } from 'react-router';
import { findPages, pageNamed } from '../../../../shared/app-nav.ts';
import type { SendMessageResponse } from '../../../../shared/copilot.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { useRecentQueries } from '../recent-queries.ts';
import { useCopilotChat } from '../use-copilot-chat.ts';
import { type RouteAvailability, useHandoff } from '../use-handoff.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatThread } from './chat-thread.tsx';
import { HandoffCountdown } from './handoff-countdown.tsx';

const isMac = () => typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform);

/** The shortcut as this computer writes it. */
export const paletteShortcut = () => (isMac() ? '⌘K' : 'Ctrl+K');

/**
 * The copilot from any signed-in page (Ctrl/Cmd+K): type a request or a command; a request that leads to an
 * agent closes the palette and opens the agent with the filters applied, a command acts on the page you are on
 * (the prospect open on /prospect/{id}).
 */
export function CopilotPalette({ isAvailable }: { isAvailable: RouteAvailability }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const input = useRef<HTMLTextAreaElement>(null);
  const { pathname } = useLocation();
  const prospect = useMatch('/prospect/:id');
  // A hand-off (after its countdown, or at once on a click) closes the palette.
  const close = useCallback(() => setOpen(false), []);
  const { onReply, handOff, pending, cancelHandoff } = useHandoff(isAvailable, close);
  const recent = useRecentQueries();
  const navigate = useNavigate();
  // Pages found by the name typed: opened free, without asking the copilot.
  const [typed, setTyped] = useState('');
  const pages = findPages(typed);
  const openPage = (href: string) => {
    setOpen(false);
    chat.clear();
    navigate(href);
  };

  const afterReply = useCallback(
    (answer: SendMessageResponse) => {
      onReply(answer);
      const { command } = answer.reply;
      if (command?.ok && command.navigateTo && isAvailable(command.navigateTo)) setOpen(false);
    },
    [onReply, isAvailable],
  );
  const chat = useCopilotChat({
    path: pathname,
    prospectId: prospect?.params.id ?? null,
    onReply: afterReply,
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Each opening starts a new exchange (the chat page keeps the long conversations); closing stays here.
    if (!next) {
      chat.clear();
      cancelHandoff();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[12%] max-w-2xl translate-y-0 gap-3 p-4 sm:p-5"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
        data-copilot-palette
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 text-base">
            <Sparkles className="size-4 text-primary" aria-hidden />
            Ask the copilot
          </DialogTitle>
          <DialogDescription className="text-xs">
            A request opens the right agent with your filters; a command such as "mark as at risk" acts on
            this page.
          </DialogDescription>
        </DialogHeader>
        {chat.messages.length > 0 && (
          <div className="max-h-[45dvh] overflow-y-auto rounded-lg border bg-muted/30 p-3">
            <ChatThread
              messages={chat.messages}
              onOpenAgent={handOff}
              onPickProspect={(command, id) => void chat.send(command, { prospectId: id })}
              compact
            />
          </div>
        )}
        {pending && (
          <HandoffCountdown
            pending={pending}
            onNow={() => handOff(pending.answer)}
            onCancel={cancelHandoff}
          />
        )}
        <ChatComposer
          onSend={(text) => {
            cancelHandoff();
            // A page's whole name is a way to open it (free), not a request.
            const page = pageNamed(text);
            if (page) {
              openPage(page.href);
              return true;
            }
            return chat.send(text);
          }}
          onTextChange={setTyped}
          processing={chat.processing}
          inputRef={input}
          value={picked}
          label="Request or command"
        />
        {pages.length > 0 && (
          <div className="flex flex-col gap-1" data-palette-pages>
            <h3 className="text-xs font-medium text-muted-foreground">Pages</h3>
            <ul className="flex flex-col">
              {pages.map((page) => (
                <li key={page.href}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onClick={() => openPage(page.href)}
                  >
                    <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="font-medium">{page.title}</span>
                    <span className="truncate text-xs text-muted-foreground">{page.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {chat.messages.length === 0 && recent.length > 0 && (
          <div className="flex flex-col gap-1">
            <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Clock className="size-3.5" aria-hidden />
              Recent
            </h3>
            <ul className="flex flex-col">
              {recent.map((q) => (
                <li key={q.id}>
                  <button
                    type="button"
                    className="w-full truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onClick={() => {
                      setPicked(q.query);
                      input.current?.focus();
                    }}
                  >
                    {q.query}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link
          to="/chat"
          onClick={() => setOpen(false)}
          className="flex items-center gap-1.5 self-start text-xs text-muted-foreground hover:text-foreground"
        >
          <MessageSquareText className="size-3.5" aria-hidden />
          Open the full chat
        </Link>
      </DialogContent>
    </Dialog>
  );
}
