/**
 * The copilot chat's state (spec 3 §2 "Copilot chat"): the user's message, then a streaming placeholder
 * ("I'm analyzing your request...") that the answer replaces: a model's reply as it is written, then the final
 * message; the built-in engine's answer at once, typed. No second message while one is processed;
 * clearing starts a new session. The messages live on the server, so the last session comes back in another
 * browser too; this browser remembers which session is open under `currentChatSession`.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPILOT_TEXTS, type SendMessageResponse } from '../../../shared/copilot.ts';
import { activityLabel, toastCreditFailure } from '../../lib/credits.ts';
import { toast } from '../../lib/toast.ts';
import { type ChatMessage, copilotSessionQueryOptions, sendCopilotMessage } from './api.ts';
import { addRecentQuery } from './recent-queries.ts';

export type UiMessage = ChatMessage & {
  /** The placeholder while the server works (its text grows while a model writes the reply). */
  streaming?: boolean;
  /** Arrived whole in this page view: shown with the typing effect (history and streamed replies at once). */
  fresh?: boolean;
  failed?: boolean;
};

const SESSION_KEY = 'currentChatSession';

function storedSession(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function storeSession(id: string | null): void {
  try {
    if (id) localStorage.setItem(SESSION_KEY, id);
    else localStorage.removeItem(SESSION_KEY);
  } catch (err) {
    console.warn('Could not remember the chat session:', err);
  }
}

const localMessage = (
  role: UiMessage['role'],
  content: string,
  extra: Partial<UiMessage> = {},
): UiMessage => ({
  id: `local-${crypto.randomUUID?.() ?? Math.random()}`,
  role,
  content,
  createdAt: new Date().toISOString(),
  ...extra,
});

export type CopilotChatOptions = {
  /** Where the user is (commands act on the prospect open there). */
  path: string;
  prospectId?: string | null;
  /** After the server answered: hand-offs, navigation, refreshes. */
  onReply?: (answer: SendMessageResponse) => void;
  /** Resume the session this browser had open (the chat page); the palette starts fresh each time. */
  resume?: boolean;
};

export function useCopilotChat({ path, prospectId, onReply, resume = false }: CopilotChatOptions) {
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useState<string | null>(() => (resume ? storedSession() : null));
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [processing, setProcessing] = useState(false);
  const processingRef = useRef(false);
  const history = useQuery({
    ...copilotSessionQueryOptions(sessionId ?? ''),
    enabled: resume && sessionId !== null && messages.length === 0,
    retry: false,
  });

  useEffect(() => {
    if (history.data && messages.length === 0) setMessages(history.data.messages);
  }, [history.data, messages.length]);
  // A session that is gone (deleted, another user's) is forgotten: the next message starts a new one.
  useEffect(() => {
    if (history.isError) {
      setSessionId(null);
      storeSession(null);
    }
  }, [history.isError]);

  const send = useCallback(
    /** `aim`: the prospect a command acts on, when the user has just picked one. */
    async (raw: string, aim: { prospectId?: string } = {}) => {
      const text = raw.trim();
      // Spec 3 §5: an empty message, or one sent while another is processed, is ignored.
      if (!text || processingRef.current) return false;
      processingRef.current = true;
      setProcessing(true);
      const mine = localMessage('user', text);
      const placeholder = localMessage('assistant', COPILOT_TEXTS.analyzing, { streaming: true });
      setMessages((current) => [...current, mine, placeholder]);
      // A model's reply replaces the placeholder as it is written; it is then shown whole, not typed again.
      let streamed = false;
      const showSoFar = (textSoFar: string) => {
        streamed = true;
        setMessages((current) =>
          current.map((m) => (m.id === placeholder.id ? { ...m, content: textSoFar } : m)),
        );
      };
      try {
        const answer = await sendCopilotMessage(
          { text, sessionId, path, prospectId: aim.prospectId ?? prospectId },
          showSoFar,
        );
        setSessionId(answer.sessionId);
        if (resume) storeSession(answer.sessionId);
        setMessages((current) =>
          current.map((m) =>
            m.id === mine.id
              ? answer.message
              : m.id === placeholder.id
                ? { ...answer.reply, fresh: !streamed }
                : m,
          ),
        );
        const analysis = answer.reply.analysis;
        if (analysis) {
          addRecentQuery({
            query: text,
            analysis: analysis.analysis,
            queryResult: analysis.handoff?.href ?? null,
            suggestedAgent: analysis.analysis.suggestedAgent,
          });
        }
        void queryClient.invalidateQueries({ queryKey: ['copilot', 'sessions'], exact: true });
        void queryClient.invalidateQueries({ queryKey: ['credits'] });
        onReply?.(answer);
        return true;
      } catch (err) {
        const short = toastCreditFailure(err, activityLabel('ai_query'));
        if (!short) toast({ ...COPILOT_TEXTS.processingErrorToast, variant: 'destructive' });
        setMessages((current) =>
          current.map((m) =>
            m.id === placeholder.id
              ? { ...m, content: COPILOT_TEXTS.failure, streaming: false, failed: true, fresh: true }
              : m,
          ),
        );
        return false;
      } finally {
        processingRef.current = false;
        setProcessing(false);
      }
    },
    [sessionId, path, prospectId, onReply, resume, queryClient],
  );

  /** Spec 3 §2: clearing empties the messages and begins a new session. */
  const clear = useCallback(() => {
    if (processingRef.current) return;
    setMessages([]);
    setSessionId(null);
    storeSession(null);
  }, []);

  /** Opens an earlier session from the server. */
  const open = useCallback(
    (id: string) => {
      if (processingRef.current) return;
      setMessages([]);
      setSessionId(id);
      storeSession(id);
      void queryClient.invalidateQueries({ queryKey: ['copilot', 'sessions', id] });
    },
    [queryClient],
  );

  return {
    sessionId,
    messages,
    processing,
    loadingHistory: history.isFetching && messages.length === 0,
    send,
    clear,
    open,
  };
}
