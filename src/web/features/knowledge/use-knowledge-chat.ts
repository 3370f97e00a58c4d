/**
 * The knowledge chat's state (spec 3 §2 "Knowledge-base chat", §4, §5): the user's message is appended, a
 * loading answer shows while the server searches the documents, then the AI message with its sources. A
 * message empty after trimming, or sent while one is processed, is ignored; only the last 10 messages go
 * with a question as its history. The conversation is kept in the data cache, so it is still there after
 * opening a source and coming back (and is forgotten when another account signs in).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CHAT_HISTORY_SENT } from '../../../shared/copilot.ts';
import {
  KNOWLEDGE_CHAT_FALLBACKS,
  KNOWLEDGE_QUERY_MAX_LENGTH,
  type KnowledgeSource,
} from '../../../shared/knowledge.ts';
import { ApiError } from '../../lib/api.ts';
import { activityLabel, invalidateCredits, notifyCharge, toastCreditFailure } from '../../lib/credits.ts';
import { sendKnowledgeChat } from './api.ts';

export type KnowledgeMessage = {
  id: string;
  content: string;
  sender: 'user' | 'ai';
  timestamp: string;
  sources: KnowledgeSource[];
  /** False when the documents held nothing relevant enough: the answer says so, with no sources. */
  answered?: boolean;
  failed?: boolean;
  /** The AI model failed and the built-in engine answered: the chat says so. */
  modelUnavailable?: boolean;
};

const CHAT_KEY = ['knowledge-chat'] as const;
const HISTORY_TURN_MAX = KNOWLEDGE_QUERY_MAX_LENGTH * 5;

let ids = 0;

const message = (
  sender: KnowledgeMessage['sender'],
  content: string,
  extra: Partial<KnowledgeMessage> = {},
): KnowledgeMessage => ({
  id: `knowledge-message-${++ids}`,
  content,
  sender,
  timestamp: new Date().toISOString(),
  sources: [],
  ...extra,
});

/**
 * What to say when the server could not be asked or refused: the spec 3 §8 text for the kind of failure
 * (the server answers its own failures with these texts already), then the support line.
 */
function fallbackText(err: unknown): string {
  let text: string = KNOWLEDGE_CHAT_FALLBACKS.default;
  if (err instanceof ApiError) {
    if (err.status === 0) text = KNOWLEDGE_CHAT_FALLBACKS.network;
    else if (err.status === 401) text = KNOWLEDGE_CHAT_FALLBACKS.auth;
    else if (err.status === 403) text = KNOWLEDGE_CHAT_FALLBACKS.permission;
    else if (err.status === 400 || err.status === 402) return err.message;
  } else if (err instanceof TypeError) {
    text = KNOWLEDGE_CHAT_FALLBACKS.network;
  }
  return `${text} ${KNOWLEDGE_CHAT_FALLBACKS.support}`;
}

export function useKnowledgeChat() {
  const queryClient = useQueryClient();
  const { data: messages = [] } = useQuery({
    queryKey: CHAT_KEY,
    queryFn: () => [] as KnowledgeMessage[],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const [processing, setProcessing] = useState(false);
  const processingRef = useRef(false);

  const setMessages = useCallback(
    (change: (current: KnowledgeMessage[]) => KnowledgeMessage[]) =>
      queryClient.setQueryData<KnowledgeMessage[]>(CHAT_KEY, (current) => change(current ?? [])),
    [queryClient],
  );

  const send = useCallback(
    async (raw: string) => {
      const query = raw.trim();
      // Spec 3 §5: an empty message, or one sent while another is processed, is ignored.
      if (!query || processingRef.current) return false;
      processingRef.current = true;
      setProcessing(true);
      const before = queryClient.getQueryData<KnowledgeMessage[]>(CHAT_KEY) ?? [];
      const chatHistory = before
        .filter((m) => !m.failed)
        .slice(-CHAT_HISTORY_SENT)
        .map((m) => ({
          role: m.sender === 'user' ? ('user' as const) : ('assistant' as const),
          // The contract's bound on one turn; a longer answer is sent cut rather than refused.
          content: m.content.slice(0, HISTORY_TURN_MAX),
        }));
      setMessages((current) => [...current, message('user', query)]);
      try {
        const answer = await sendKnowledgeChat({ query, chatHistory });
        setMessages((current) => [
          ...current,
          message('ai', answer.response, {
            sources: answer.sources,
            answered: answer.answered,
            failed: answer.fallback === true,
            modelUnavailable: answer.modelUnavailable === true,
          }),
        ]);
        if (answer.creditsCharged > 0) {
          notifyCharge({ activityType: 'knowledge_chat', creditsCharged: answer.creditsCharged });
          void invalidateCredits(queryClient);
        }
        return true;
      } catch (err) {
        toastCreditFailure(err, activityLabel('knowledge_chat'));
        setMessages((current) => [...current, message('ai', fallbackText(err), { failed: true })]);
        return false;
      } finally {
        processingRef.current = false;
        setProcessing(false);
      }
    },
    [queryClient, setMessages],
  );

  /** Starts over with an empty conversation. */
  const clear = useCallback(() => {
    if (!processingRef.current) setMessages(() => []);
  }, [setMessages]);

  return { messages, processing, send, clear };
}
