/**
 * API keys over the API (issue 10 point 4): list, create (the answer holds the key, once) and revoke. Shapes:
 * src/shared/api-keys.ts; routes in src/server/features/api-keys/routes.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '../../../shared/api-keys.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

const BASE = '/api/v1/integrations/api-keys';

export const getApiKeys = () => apiFetch<{ keys: ApiKey[] }>(BASE);

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['integrations', 'api-keys'],
    queryFn: getApiKeys,
    select: (body) => body.keys,
  });

/** The user's keys, newest first, revoked ones included. */
export const useApiKeys = () => useQuery({ ...apiKeysQueryOptions(), retry: notRetriedOnRefusal });

export const createApiKey = (input: ApiKeyCreate) =>
  apiFetch<ApiKeyCreated>(BASE, { method: 'POST', body: input });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

export const revokeApiKey = (id: string) => apiFetch<ApiKey>(`${BASE}/${id}`, { method: 'DELETE' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
