/**
 * The user's own AI provider over the API (Integrations > AI provider): the settings, save, remove and test
 * connection. Shapes: src/shared/ai-provider.ts; routes in src/server/features/integrations/ai-provider-routes.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiProviderInput,
  AiProviderSettings,
  AiProviderTestInput,
  AiProviderTestResult,
} from '../../../shared/ai-provider.ts';
import { apiFetch } from '../../lib/api.ts';

const PATH = '/api/v1/integrations/ai-provider';
const KEY = ['integrations', 'ai-provider'] as const;

export const getAiProvider = () => apiFetch<AiProviderSettings>(PATH);

export const aiProviderQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: getAiProvider });

export const useAiProvider = () => useQuery(aiProviderQueryOptions());

export function useSaveAiProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AiProviderInput) =>
      apiFetch<AiProviderSettings>(PATH, { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}

export function useRemoveAiProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(PATH, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useTestAiProvider = () =>
  useMutation({
    mutationFn: (input: AiProviderTestInput) =>
      apiFetch<AiProviderTestResult>(`${PATH}/test`, { method: 'POST', body: input }),
  });
