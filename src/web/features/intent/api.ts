/**
 * Buyer intent over the API (issue 10 point 3): the ranked companies with their signals and evidence, page
 * after page. Shapes: src/shared/buyer-intent.ts; route in src/server/features/intent/routes.ts.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  INTENT_SIGNAL_KINDS,
  INTENT_SORTS,
  type IntentList,
  type IntentSignalKind,
  type IntentSort,
} from '../../../shared/buyer-intent.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

export const INTENT_PAGE_SIZE = 25;
export const MIN_SCORES = [0, 25, 50, 75] as const;

export type IntentFilter = { kinds: IntentSignalKind[]; sort: IntentSort; minScore: number };

const isKind = (value: string): value is IntentSignalKind =>
  (INTENT_SIGNAL_KINDS as readonly string[]).includes(value);
const isSort = (value: string): value is IntentSort => (INTENT_SORTS as readonly string[]).includes(value);

/** The filter in the page's address (`?kind=prospect&kind=rfp&sort=recent&minScore=50`). */
export function parseFilter(params: URLSearchParams): IntentFilter {
  const sort = params.get('sort') ?? '';
  const minScore = Number(params.get('minScore'));
  return {
    kinds: [...new Set(params.getAll('kind'))].filter(isKind),
    sort: isSort(sort) ? sort : 'score',
    minScore: (MIN_SCORES as readonly number[]).includes(minScore) ? minScore : 0,
  };
}

export function filterParams(filter: IntentFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const kind of filter.kinds) params.append('kind', kind);
  if (filter.sort !== 'score') params.set('sort', filter.sort);
  if (filter.minScore > 0) params.set('minScore', String(filter.minScore));
  return params;
}

export const getBuyerIntent = (filter: IntentFilter, offset: number) => {
  const params = filterParams(filter);
  params.set('limit', String(INTENT_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return apiFetch<IntentList>(`/api/v1/buyer-intent?${params}`);
};

export const buyerIntentQueryOptions = (filter: IntentFilter) =>
  infiniteQueryOptions({
    queryKey: ['buyer-intent', filter],
    queryFn: ({ pageParam }) => getBuyerIntent(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The ranked companies (page after page), with the counts per signal kind. */
export const useBuyerIntent = (filter: IntentFilter) =>
  useInfiniteQuery({
    ...buyerIntentQueryOptions(filter),
    placeholderData: keepPreviousData,
    retry: notRetriedOnRefusal,
  });
