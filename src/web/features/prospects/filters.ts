/** The account management list's filters, kept in the address so a copied link opens the same view. */
import {
  ACCOUNT_HEALTHS,
  type AccountHealth,
  LIFECYCLE_POSITIONS,
  type LifecyclePosition,
  PROSPECT_SORTS,
  PROSPECT_STATUSES,
  type ProspectSort,
  type ProspectStatus,
} from '../../../shared/prospects.ts';

export type ProspectFilters = {
  q?: string;
  status?: ProspectStatus;
  accountHealth?: AccountHealth;
  lifecyclePosition?: LifecyclePosition;
  sort?: ProspectSort;
};

const FILTER_KEYS = ['q', 'status', 'accountHealth', 'lifecyclePosition', 'sort'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** What the address asks for; a value we do not know is left out rather than sent to be refused. */
export function parseFilters(params: URLSearchParams): ProspectFilters {
  return {
    q: params.get('q')?.trim() || undefined,
    status: oneOf(PROSPECT_STATUSES, params.get('status')),
    accountHealth: oneOf(ACCOUNT_HEALTHS, params.get('accountHealth')),
    lifecyclePosition: oneOf(LIFECYCLE_POSITIONS, params.get('lifecyclePosition')),
    sort: oneOf(PROSPECT_SORTS, params.get('sort')),
  };
}

export function writeFilters(filters: ProspectFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasFilters = (filters: ProspectFilters) =>
  Boolean(filters.q || filters.status || filters.accountHealth || filters.lifecyclePosition);

export const SORT_LABELS: Readonly<Record<ProspectSort, string>> = {
  updated: 'Recently updated',
  name: 'Name',
  created: 'Recently added',
  momentum: 'Momentum',
  pipeline: 'Realistic forecast',
};
