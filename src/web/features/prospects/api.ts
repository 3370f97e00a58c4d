/**
 * Prospects over the API: the account management list (pages, totals, counts), one prospect, and its changes
 * (status and account fields, forecasts, the momentum override, deletion), each as its fetcher, query options
 * and hook. Shapes: src/shared/prospects.ts; routes in src/server/features/prospects/routes.ts.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ForecastInput,
  MomentumOverride,
  ProspectChange,
  ProspectDetail,
  ProspectList,
  ProspectPipeline,
} from '../../../shared/prospects.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';
import { prospectKey, prospectListKey } from '../../lib/prospects.ts';
import type { ProspectFilters } from './filters.ts';

/** Rows per page of the account management list. */
export const PAGE_SIZE = 50;

const toParams = (filters: ProspectFilters, offset: number) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('limit', String(PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return params;
};

export const prospectListQueryOptions = (filters: ProspectFilters) =>
  infiniteQueryOptions({
    queryKey: [...prospectListKey, filters],
    queryFn: ({ pageParam }) => apiFetch<ProspectList>(`/api/v1/prospects?${toParams(filters, pageParam)}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, page) => n + page.prospects.length, 0);
      return shown < last.total ? shown : undefined;
    },
    retry: notRetriedOnRefusal,
  });

export const useProspectList = (filters: ProspectFilters) =>
  useInfiniteQuery({ ...prospectListQueryOptions(filters), placeholderData: keepPreviousData });

/** The charts are over every prospect the filters match: the list's filters without its order. */
export const prospectPipelineQueryOptions = ({ sort: _sort, ...filters }: ProspectFilters) =>
  queryOptions({
    // Under the list's key: whatever refreshes the list after a change refreshes the charts too.
    queryKey: [...prospectListKey, 'pipeline', filters],
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
      const query = params.toString();
      return apiFetch<ProspectPipeline>(`/api/v1/prospects/pipeline${query ? `?${query}` : ''}`);
    },
    retry: notRetriedOnRefusal,
  });

export const useProspectPipeline = (filters: ProspectFilters) =>
  useQuery({ ...prospectPipelineQueryOptions(filters), placeholderData: keepPreviousData });

export const prospectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: prospectKey(id),
    queryFn: () => apiFetch<ProspectDetail>(`/api/v1/prospects/${id}`),
    retry: notRetriedOnRefusal,
  });

export const useProspect = (id: string, enabled = true) => useQuery({ ...prospectQueryOptions(id), enabled });

type Change =
  | { kind: 'fields'; change: ProspectChange }
  | { kind: 'forecast'; forecast: ForecastInput }
  | { kind: 'remove-forecast'; timelineDays: number }
  | { kind: 'override'; momentum: MomentumOverride }
  | { kind: 'clear-override' };

function send(id: string, change: Change): Promise<ProspectDetail> {
  const path = `/api/v1/prospects/${id}`;
  switch (change.kind) {
    case 'fields':
      return apiFetch(path, { method: 'PATCH', body: change.change });
    case 'forecast':
      return apiFetch(`${path}/forecasts`, { method: 'PUT', body: change.forecast });
    case 'remove-forecast':
      return apiFetch(`${path}/forecasts/${change.timelineDays}`, { method: 'DELETE' });
    case 'override':
      return apiFetch(`${path}/momentum`, { method: 'PUT', body: change.momentum });
    case 'clear-override':
      return apiFetch(`${path}/momentum/override`, { method: 'DELETE' });
  }
}

/** Every change to one prospect; the server answers with the prospect as it now is. */
export function useProspectChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(id, change),
    onSuccess: (prospect) => {
      queryClient.setQueryData(prospectKey(id), prospect);
      return queryClient.invalidateQueries({ queryKey: prospectListKey });
    },
  });
}

export function useDeleteProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/v1/prospects/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: prospectKey(id) });
      return queryClient.invalidateQueries({ queryKey: prospectListKey });
    },
  });
}
