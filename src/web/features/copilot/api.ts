/**
 * The copilot over the API: send a message (a request the AI engine analyses, or a command), and the chat
 * sessions kept on the server. Shapes: src/shared/copilot.ts, routes in src/server/features/copilot/routes.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatSessionSummary, SendMessageResponse } from '../../../shared/copilot.ts';
import { apiFetch } from '../../lib/api.ts';

export type { ChatMessage, ChatSessionSummary, SendMessageResponse };

export type SendMessageInput = {
  text: string;
  sessionId: string | null;
  /** Where the user is: commands act on the prospect open on that page. */
  path: string;
  prospectId?: string | null;
};

export const sendCopilotMessage = ({ text, sessionId, path, prospectId }: SendMessageInput) =>
  apiFetch<SendMessageResponse>('/api/v1/copilot/messages', {
    method: 'POST',
    body: {
      text,
      ...(sessionId ? { sessionId } : {}),
      context: { path, ...(prospectId ? { prospectId } : {}) },
    },
  });

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
