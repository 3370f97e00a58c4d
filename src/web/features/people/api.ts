/**
 * People Finder over the API: search pages, facet counts, a company's people, key people at My Companies,
 * My People (save, notes, tags) and the e-mail and phone finders, each as its fetcher, query options and hook.
 * Shapes: src/server/features/people/routes.ts.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  EmailStatus,
  EnrichmentResult,
  FindEmailResult,
  FindPhoneResult,
  PeopleNoMatch,
  Person,
} from '../../../shared/people.ts';
import type { FacetCount } from '../../components/facet-filter.tsx';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';
import { activityLabel, invalidateCredits, notifyCharge, toastCreditFailure } from '../../lib/credits.ts';
import type { ExportRequest } from '../../lib/csv-export.ts';
import { type Job, useJob } from '../../lib/jobs.ts';
import { mapSettled } from '../../lib/map-settled.ts';
import {
  EMPTY_SEARCH,
  isPaidSearch,
  KEY_SENIORITIES,
  type PeopleSearch,
  toFilterBody,
  toFilterParams,
  toSearchParams,
} from './search-params.ts';

export type { EmailStatus, EnrichmentResult, FindEmailResult, FindPhoneResult, PeopleNoMatch, Person };

/** What the server made of the filters (spec 3 §5): company filters, and `locations` for the person's place. */
export type PeopleFilterValidation = {
  validFilters: {
    industries: string[];
    companySizes: string[];
    countries: string[];
    regions: string[];
    cities: string[];
    locations: string[];
  };
  invalidFilters: string[];
  suggestions: string[];
};

export type PeoplePage = {
  people: Person[];
  nextCursor: string | null;
  filterValidation: PeopleFilterValidation;
  creditsCharged: number;
  /** Why a title at a company found nobody, with the closest titles held there (first page only). */
  noMatch: PeopleNoMatch | null;
};

export type PeopleFacetDimension = 'seniority' | 'department' | 'industry' | 'country';
export type PeopleFacets = Record<PeopleFacetDimension, FacetCount[]>;

/** A My People entry. */
export type SavedPerson = {
  contactId: string;
  notes: string;
  tags: string[];
  savedAt: string;
  updatedAt: string;
};

export type SavedPersonChange = { notes?: string; tags?: string[] };

/** Rows per page of the research table. */
export const PAGE_SIZE = 50;
/** Rows per page of Key people: grouped by company, so big pages keep a company's people together. */
const KEY_PEOPLE_PAGE_SIZE = 100;
/** People on a company page's card. */
export const COMPANY_CARD_SIZE = 10;

const PEOPLE_KEY = ['people'] as const;

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

export async function getPeoplePage(
  search: PeopleSearch,
  cursor: string | null,
  client: QueryClient,
  limit = PAGE_SIZE,
): Promise<PeoplePage> {
  const params = toSearchParams(search, limit);
  if (cursor) params.set('cursor', cursor);
  let page: PeoplePage;
  try {
    page = await apiFetch<PeoplePage>(`/api/v1/people?${params}`);
  } catch (err) {
    // Spec 2 §8 'Insufficient Credits': only a first page of a paid search is ever charged.
    if (!cursor && isPaidSearch(search)) toastCreditFailure(err, activityLabel('contact_discovery'));
    throw err;
  }
  if (page.creditsCharged > 0) {
    notifyCharge({ activityType: 'contact_discovery', creditsCharged: page.creditsCharged });
    void invalidateCredits(client);
  }
  return page;
}

export const searchKey = (search: PeopleSearch) =>
  [...PEOPLE_KEY, 'search', toSearchParams(search, PAGE_SIZE).toString()] as const;

export const peopleSearchQueryOptions = (search: PeopleSearch) =>
  infiniteQueryOptions({
    queryKey: searchKey(search),
    queryFn: ({ pageParam, client }) => getPeoplePage(search, pageParam, client),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A search with criteria is paid: it runs again only when the user asks (Retry). Saves and finds are
    // patched into the cached rows (patchPerson).
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedOnRefusal,
  });

export const usePeopleSearch = (search: PeopleSearch) =>
  useInfiniteQuery({ ...peopleSearchQueryOptions(search), placeholderData: keepPreviousData });

export const getPeopleFacets = (search: PeopleSearch) =>
  apiFetch<PeopleFacets>(`/api/v1/people/facets?${toFilterParams(search)}`);

export const peopleFacetsQueryOptions = (search: PeopleSearch) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'facets', toFilterParams(search).toString()],
    queryFn: () => getPeopleFacets(search),
    retry: notRetriedOnRefusal,
  });

export const usePeopleFacets = (search: PeopleSearch) =>
  useQuery({ ...peopleFacetsQueryOptions(search), placeholderData: keepPreviousData });

// ---------------------------------------------------------------------------------------------------------
// A company's people and key people at My Companies (both free)
// ---------------------------------------------------------------------------------------------------------

/**
 * The people on a company page: its key people (owners to directors), or, when we hold none of those,
 * whoever we hold there.
 */
export function useCompanyPeople(companyId: string) {
  const client = useQueryClient();
  const keyPeople = useQuery({
    queryKey: [...PEOPLE_KEY, 'company', companyId, 'key'],
    queryFn: () =>
      getPeoplePage(
        { ...EMPTY_SEARCH, companyId, seniority: [...KEY_SENIORITIES], sort: 'name' },
        null,
        client,
        COMPANY_CARD_SIZE,
      ),
    retry: notRetriedOnRefusal,
  });
  const anyone = useQuery({
    queryKey: [...PEOPLE_KEY, 'company', companyId, 'all'],
    queryFn: () =>
      getPeoplePage({ ...EMPTY_SEARCH, companyId, sort: 'name' }, null, client, COMPANY_CARD_SIZE),
    enabled: keyPeople.data?.people.length === 0,
    retry: notRetriedOnRefusal,
  });
  const fallback = keyPeople.data?.people.length === 0;
  return { keyOnly: !fallback, query: fallback ? anyone : keyPeople };
}

/** Pages of Key people fetched without asking; beyond them, the user asks for more. */
export const KEY_PEOPLE_AUTO_PAGES = 5;

const keyPeopleSearch: PeopleSearch = { ...EMPTY_SEARCH, seniority: [...KEY_SENIORITIES], sort: 'name' };

/** Key people across My Companies (GET /api/v1/people?myCompanies=true&seniority=…), by name. */
export function useKeyPeople() {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...PEOPLE_KEY, 'key-people'],
    queryFn: async ({ pageParam }) => {
      const params = toSearchParams(keyPeopleSearch, KEY_PEOPLE_PAGE_SIZE);
      params.set('myCompanies', 'true');
      if (pageParam) params.set('cursor', pageParam);
      const page = await apiFetch<PeoplePage>(`/api/v1/people?${params}`);
      // Free by the API's rules; should that change, the user hears of it as for any charge.
      if (page.creditsCharged > 0) {
        notifyCharge({ activityType: 'contact_discovery', creditsCharged: page.creditsCharged });
        void invalidateCredits(client);
      }
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Free, and it changes whenever a company is saved elsewhere: fetched again on each visit.
    staleTime: 0,
    retry: notRetriedOnRefusal,
  });
}

/** Whether the user has saved any company (Key people's empty page says what to do first). */
export const useHasSavedCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: [...PEOPLE_KEY, 'has-saved-companies'],
    queryFn: async () =>
      (await apiFetch<{ companies: unknown[] }>('/api/v1/companies?myCompanies=true&limit=1')).companies
        .length > 0,
    enabled,
    staleTime: 0,
    retry: notRetriedOnRefusal,
  });

// ---------------------------------------------------------------------------------------------------------
// Cached rows: saves and finds are written into every list that holds the person
// ---------------------------------------------------------------------------------------------------------

type PagedList = InfiniteData<PeoplePage> | PeoplePage;

const isInfinite = (data: PagedList): data is InfiniteData<PeoplePage> => 'pages' in data;

/**
 * Puts a change to a person into every cached list (a search with criteria costs a credit, so it is not
 * fetched again); My People lists are free, so after a save or removal they are fetched again.
 */
function patchPerson(client: QueryClient, id: string, patch: Partial<Person>): void {
  const apply = (person: Person): Person => (person.id === id ? { ...person, ...patch } : person);
  client.setQueryData<Person>(openedKey(id), (person) => (person ? apply(person) : person));
  const applyPage = (page: PeoplePage): PeoplePage => ({ ...page, people: page.people.map(apply) });
  client.setQueriesData<PagedList>(
    {
      queryKey: PEOPLE_KEY,
      predicate: (query) => ['search', 'company', 'key-people'].includes(String(query.queryKey[1])),
    },
    (data) =>
      !data ? data : isInfinite(data) ? { ...data, pages: data.pages.map(applyPage) } : applyPage(data),
  );
}

const invalidateMyPeople = (client: QueryClient) =>
  client.invalidateQueries({
    queryKey: PEOPLE_KEY,
    predicate: (query) => String(query.queryKey[2]).includes('myPeople=true'),
  });

// ---------------------------------------------------------------------------------------------------------
// The person whose contact card is open
// ---------------------------------------------------------------------------------------------------------

const openedKey = (id: string) => [...PEOPLE_KEY, 'opened', id] as const;

/**
 * The person of an open contact card, kept in the cache so that a save or a find shows on it as on the list
 * it came from, even when the change takes them off that list (removed from My People).
 */
export function useOpenedPerson() {
  const client = useQueryClient();
  const [id, setId] = useState<string | null>(null);
  const person = useQuery<Person>({ queryKey: openedKey(id ?? ''), queryFn: skipToken }).data ?? null;
  const open = useCallback(
    (opened: Person) => {
      client.setQueryData(openedKey(opened.id), opened);
      setId(opened.id);
    },
    [client],
  );
  const close = useCallback(() => setId(null), []);
  return { person: id ? person : null, open, close };
}

// ---------------------------------------------------------------------------------------------------------
// My People
// ---------------------------------------------------------------------------------------------------------

export const savePerson = (id: string, change: SavedPersonChange = {}) =>
  apiFetch<SavedPerson>(`/api/v1/people/${id}/saved`, { method: 'PUT', body: change });

export const unsavePerson = (id: string) =>
  apiFetch<void>(`/api/v1/people/${id}/saved`, { method: 'DELETE' });

const savedKey = (id: string) => [...PEOPLE_KEY, 'saved', id] as const;

export const getSavedPerson = (id: string) => apiFetch<SavedPerson>(`/api/v1/people/${id}/saved`);

/** A saved person's notes and tags (asked only for someone saved). */
export const useSavedPerson = (id: string, saved: boolean) =>
  useQuery({
    queryKey: savedKey(id),
    queryFn: () => getSavedPerson(id),
    enabled: saved,
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedOnRefusal,
  });

/** Saves a person to My People, or changes their notes or tags. */
export function useSavePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change?: SavedPersonChange }) => savePerson(id, change),
    onSuccess: (saved, { id }) => {
      client.setQueryData(savedKey(id), saved);
      patchPerson(client, id, { saved: true });
      return invalidateMyPeople(client);
    },
  });
}

export function useUnsavePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unsavePerson(id),
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: savedKey(id) });
      patchPerson(client, id, { saved: false });
      return invalidateMyPeople(client);
    },
  });
}

/** Saves several people (the table's selection); resolves with how many were saved and failed. */
export function useSaveManyPeople() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const results = await mapSettled(ids, (id) => savePerson(id));
      results.forEach((result, i) => {
        const id = ids[i] ?? '';
        if (result.status !== 'fulfilled') return;
        client.setQueryData(savedKey(id), result.value);
        patchPerson(client, id, { saved: true });
      });
      await invalidateMyPeople(client);
      return {
        saved: results.filter((r) => r.status === 'fulfilled').length,
        failed: results.filter((r) => r.status === 'rejected').length,
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Finders (paid when something is found, once per person)
// ---------------------------------------------------------------------------------------------------------

export const findEmail = (id: string) =>
  apiFetch<FindEmailResult>(`/api/v1/people/${id}/email`, { method: 'POST' });

export const findPhone = (id: string) =>
  apiFetch<FindPhoneResult>(`/api/v1/people/${id}/phone`, { method: 'POST' });

/** POST /people/{id}/email: the address, kept in every list that shows the person (or none found, free). */
export function useFindEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => findEmail(id),
    onSuccess: (found, id) => {
      if (!found.found) {
        // What the row promised is now known not to be there: the row says so too.
        patchPerson(client, id, { emailFind: null });
        return;
      }
      patchPerson(client, id, {
        email: found.email,
        emailStatus: found.status,
        emailConfidence: found.confidence,
      });
      if (found.creditsCharged <= 0) return;
      notifyCharge({ activityType: 'email_finder', creditsCharged: found.creditsCharged });
      return invalidateCredits(client);
    },
  });
}

export function useFindPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => findPhone(id),
    onSuccess: (found, id) => {
      if (!found.found) return;
      patchPerson(client, id, { phone: found.phone });
      if (found.creditsCharged <= 0) return;
      notifyCharge({ activityType: 'phone_finder', creditsCharged: found.creditsCharged });
      return invalidateCredits(client);
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Bulk enrichment (a job) and CSV export
// ---------------------------------------------------------------------------------------------------------

export type Enrichment = { jobId: string; requested: number; maxCredits: number };
export type EnrichmentLookup = { email: boolean; phone: boolean };

export const startEnrichment = (ids: string[], lookup: EnrichmentLookup) =>
  apiFetch<Enrichment>('/api/v1/people/enrichments', { method: 'POST', body: { ids, ...lookup } });

export const useStartEnrichment = () =>
  useMutation({
    mutationFn: ({ ids, lookup }: { ids: string[]; lookup: EnrichmentLookup }) =>
      startEnrichment(ids, lookup),
  });

/**
 * A running enrichment until it finished; then, once, what it found goes into every list that shows those
 * people, and the credits it used into the balance.
 */
export function useEnrichmentRun(jobId: string | null) {
  const client = useQueryClient();
  const job = useJob<EnrichmentResult>(jobId);
  const applied = useRef<string | null>(null);
  const data: Job<EnrichmentResult> | undefined = job.data;
  useEffect(() => {
    if (!data?.result || data.status !== 'succeeded' || applied.current === data.id) return;
    applied.current = data.id;
    for (const { id, ...found } of data.result.found) patchPerson(client, id, found);
    if (data.result.creditsCharged > 0) void invalidateCredits(client);
  }, [client, data]);
  return job;
}

/** What to export: the selected people, or everyone the search finds. */
export const exportRequest = (target: { ids: string[] } | { search: PeopleSearch }): ExportRequest => ({
  list: 'people',
  body: 'ids' in target ? { ids: target.ids } : toFilterBody(target.search),
});
