/**
 * The copilot over the API: send a message (a request the AI engine analyses, or a command), and the chat
 * sessions kept on the server. Shapes: src/shared/copilot.ts, routes in src/server/features/copilot/routes.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CHAT_EVENTS,
  type ChatMessage,
  type ChatSessionSummary,
  type ReplyTextEvent,
  type SendMessageResponse,
} from '../../../shared/copilot.ts';
import { ApiError, apiEvents, apiFetch, eventError } from '../../lib/api.ts';

export type { ChatMessage, ChatSessionSummary, SendMessageResponse };

export type SendMessageInput = {
  text: string;
  sessionId: string | null;
  /** Where the user is: commands act on the prospect open on that page. */
  path: string;
  prospectId?: string | null;
};

/**
 * Sends a message and reads the answer as server-sent events: `onReplyText` gets the reply so far while a model
 * writes it (never for a command or the built-in engine), and the promise resolves with the stored message and
 * the final reply. Refusals (401, 402...) and a stream that breaks off throw ApiError.
 */
export async function sendCopilotMessage(
  { text, sessionId, path, prospectId }: SendMessageInput,
  onReplyText?: (textSoFar: string) => void,
): Promise<SendMessageResponse> {
  const events = apiEvents('/api/v1/copilot/messages', {
    method: 'POST',
    body: {
      text,
      ...(sessionId ? { sessionId } : {}),
      context: { path, ...(prospectId ? { prospectId } : {}) },
    },
  });
  // Read to the stream's end: leaving at the message would cancel the request the server is still closing.
  let answer: SendMessageResponse | null = null;
  for await (const { event, data } of events) {
    if (event === CHAT_EVENTS.replyText) onReplyText?.((JSON.parse(data) as ReplyTextEvent).text);
    else if (event === CHAT_EVENTS.message) answer = JSON.parse(data) as SendMessageResponse;
    else if (event === CHAT_EVENTS.error) throw eventError(data);
  }
  if (answer) return answer;
  throw new ApiError('The answer broke off before it was complete.', 502, null);
}

export const copilotSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['copilot', 'sessions'],
    queryFn: () => apiFetch<{ sessions: ChatSessionSummary[] }>('/api/v1/copilot/sessions'),
    select: (body) => body.sessions,
  });

export const useCopilotSessions = () => useQuery(copilotSessionsQueryOptions());

export const copilotSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['copilot', 'sessions', id],
    queryFn: () =>
      apiFetch<{ id: string; title: string; messages: ChatMessage[] }>(`/api/v1/copilot/sessions/${id}`),
  });

export const deleteCopilotSession = (id: string) =>
  apiFetch<void>(`/api/v1/copilot/sessions/${id}`, { method: 'DELETE' });
