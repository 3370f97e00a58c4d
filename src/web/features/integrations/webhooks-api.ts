/**
 * Outgoing webhooks over the API (issue 10 point 4): list, create (the answer holds the signing secret), edit,
 * delete, reveal the secret, send a test, the delivery log and re-sending. Shapes: src/shared/events.ts;
 * routes in src/server/features/webhooks/routes.ts.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookUpdate,
  WebhookWithSecret,
} from '../../../shared/events.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

const BASE = '/api/v1/integrations/webhooks';
const KEY = ['integrations', 'webhooks'] as const;
/** How often a log with a delivery still pending is read again. */
const PENDING_POLL_MS = 1500;

const pending = (delivery: WebhookDelivery | null | undefined) =>
  delivery?.status === 'pending' && delivery.attempts === 0;

export const getWebhooks = () => apiFetch<{ webhooks: Webhook[] }>(BASE);

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, 'list'], queryFn: getWebhooks, select: (body) => body.webhooks });

/** The webhooks, newest first, each with its last delivery (read again while one is on its first attempt). */
export const useWebhooks = () =>
  useQuery({
    ...webhooksQueryOptions(),
    retry: notRetriedOnRefusal,
    refetchInterval: (query) =>
      query.state.data?.webhooks.some((w) => pending(w.lastDelivery)) ? PENDING_POLL_MS : false,
  });

export const getDeliveries = (id: string) =>
  apiFetch<{ deliveries: WebhookDelivery[] }>(`${BASE}/${id}/deliveries`);

export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'deliveries', id],
    queryFn: () => getDeliveries(id),
    select: (body) => body.deliveries,
  });

/** An open log is read again this often: events arrive from anywhere, retries happen later. */
const LOG_POLL_MS = 5000;

/**
 * A webhook's delivery log, newest first; live while open, quicker while a delivery waits for its first attempt.
 * When its newest delivery changes, the list (which shows each webhook's last delivery) is read again too.
 */
export function useDeliveries(id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...deliveriesQueryOptions(id),
    enabled,
    retry: notRetriedOnRefusal,
    refetchInterval: (q) => (q.state.data?.deliveries.some(pending) ? PENDING_POLL_MS : LOG_POLL_MS),
  });
  const newest = query.data?.[0];
  const stamp = newest ? `${newest.id}:${newest.updatedAt}` : null;
  useEffect(() => {
    if (stamp) void queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey });
  }, [stamp, queryClient]);
  return query;
}

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: KEY });

export const createWebhook = (input: WebhookCreate) =>
  apiFetch<WebhookWithSecret>(BASE, { method: 'POST', body: input });

export const updateWebhook = ({ id, ...patch }: WebhookUpdate & { id: string }) =>
  apiFetch<Webhook>(`${BASE}/${id}`, { method: 'PATCH', body: patch });

export const deleteWebhook = (id: string) => apiFetch<null>(`${BASE}/${id}`, { method: 'DELETE' });

export const revealSecret = (id: string) => apiFetch<{ secret: string }>(`${BASE}/${id}/secret`);

export const sendTest = (id: string) => apiFetch<WebhookDelivery>(`${BASE}/${id}/test`, { method: 'POST' });

export const resendDelivery = (deliveryId: string) =>
  apiFetch<WebhookDelivery>(`${BASE}/deliveries/${deliveryId}/resend`, { method: 'POST' });

/** A mutation that reads the webhooks and their logs again when it succeeds. */
function useRefreshing<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refresh(queryClient) });
}

export const useCreateWebhook = () => useRefreshing(createWebhook);
export const useUpdateWebhook = () => useRefreshing(updateWebhook);
export const useDeleteWebhook = () => useRefreshing(deleteWebhook);
export const useSendTest = () => useRefreshing(sendTest);
export const useResendDelivery = () => useRefreshing(resendDelivery);
export const useRevealSecret = () => useMutation({ mutationFn: revealSecret });
