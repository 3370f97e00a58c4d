/**
 * The Company Finder over the API: search pages, facet counts, one company, My Companies changes, CSV
 * export and CSV import, each as its fetcher, query options and hook. Shapes:
 * src/server/features/companies/routes.ts.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImportMapping, RelaxableFilter, TargetAccountStatus } from '../../../shared/companies.ts';
import type { ValidFilters } from '../../../shared/filter-validator.ts';
import type { FitScore } from '../../../shared/fit-score.ts';
import type { FacetCount } from '../../components/facet-filter.tsx';
import { apiFetch, apiPostForm, notRetriedOnRefusal } from '../../lib/api.ts';
import { invalidateCredits, notifyCharge, toastCreditFailure } from '../../lib/credits.ts';
import type { ExportRequest } from '../../lib/csv-export.ts';
import { isFinished, JOB_POLL_MS, type JobStatus, useJob } from '../../lib/jobs.ts';
import { mapSettled } from '../../lib/map-settled.ts';
import {
  type CompanySearch,
  hasCriteria,
  toFilterBody,
  toFilterParams,
  toSearchParams,
} from './search-params.ts';

export type SavedAccount = {
  companyId: string;
  notes: string;
  tags: string[];
  status: TargetAccountStatus;
  savedAt: string;
  updatedAt: string;
};

export type Fit = Pick<FitScore, 'score' | 'tier' | 'reason'>;

export type Company = {
  id: string;
  name: string;
  domain: string | null;
  website: string | null;
  primaryIndustry: string | null;
  naicsCode: string | null;
  subIndustry: string | null;
  size: string | null;
  employees: number | null;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  location: string | null;
  foundedYear: number | null;
  ticker: string | null;
  exchange: string | null;
  sicCode: string | null;
  phone: string | null;
  description: string | null;
  /** Which source gave which field ('industry': 'SEC SIC 7372 (...)'). */
  fieldSources: Record<string, string>;
  source: string;
  license: string;
  imported: boolean;
  /** For an import: the company of our data it merged with. */
  mergedWith: { id: string; name: string; source: string; license: string } | null;
  saved: boolean;
  /** Against the user's active ICP segments; null without one. */
  fit: Fit | null;
  /** The My Companies entry (notes, tags, status) when saved. */
  savedAccount: SavedAccount | null;
};

export type FilterValidationResult = {
  validFilters: ValidFilters;
  invalidFilters: string[];
  suggestions: string[];
};

/** With a size filter: how many companies match the other filters, and how many of those have a known size. */
export type SizeCoverage = { matching: number; knownSize: number };

export type CompanyPage = {
  companies: Company[];
  nextCursor: string | null;
  filterValidation: FilterValidationResult;
  sizeCoverage: SizeCoverage | null;
  /** Nothing found under several kinds of criteria: what the search without each kind would find. */
  withoutFilters: { filters: RelaxableFilter[]; count: number }[] | null;
  creditsCharged: number;
};

export type FacetDimension = 'industry' | 'size' | 'country' | 'source';
export type Facets = Record<FacetDimension, FacetCount[]>;

export type CompanyDetail = Company & { similar: Company[] };

export type SavedChange = { notes?: string; tags?: string[]; status?: TargetAccountStatus };

/** Rows per page: the table fetches the next page as the user scrolls near the end. */
export const PAGE_SIZE = 50;

const COMPANIES_KEY = ['companies'] as const;

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

async function getCompanyPage(
  search: CompanySearch,
  cursor: string | null,
  client: QueryClient,
): Promise<CompanyPage> {
  const params = toSearchParams(search, PAGE_SIZE);
  if (cursor) params.set('cursor', cursor);
  let page: CompanyPage;
  try {
    page = await apiFetch<CompanyPage>(`/api/v1/companies?${params}`);
  } catch (err) {
    // Spec 2 §8 'Insufficient Credits': only a first page with criteria is ever charged.
    if (!cursor && hasCriteria(search)) toastCreditFailure(err, 'Company search');
    throw err;
  }
  if (page.creditsCharged > 0) {
    notifyCharge({ activityType: 'company_search', creditsCharged: page.creditsCharged });
    void invalidateCredits(client);
  }
  return page;
}

export const searchKey = (search: CompanySearch) =>
  [...COMPANIES_KEY, 'search', toSearchParams(search, PAGE_SIZE).toString()] as const;

export const companySearchQueryOptions = (search: CompanySearch) =>
  infiniteQueryOptions({
    queryKey: searchKey(search),
    queryFn: ({ pageParam, client }) => getCompanyPage(search, pageParam, client),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A search with criteria is paid: it is run again only when the user asks (Retry), never because the
    // cache thinks it is old. Saved marks are patched in place (see patchCompany).
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedOnRefusal,
  });

export const useCompanySearch = (search: CompanySearch) =>
  useInfiniteQuery({ ...companySearchQueryOptions(search), placeholderData: keepPreviousData });

export const getFacets = (search: CompanySearch) =>
  apiFetch<Facets>(`/api/v1/companies/facets?${toFilterParams(search)}`);

export const facetsQueryOptions = (search: CompanySearch) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'facets', toFilterParams(search).toString()],
    queryFn: () => getFacets(search),
    retry: notRetriedOnRefusal,
  });

export const useFacets = (search: CompanySearch) =>
  useQuery({ ...facetsQueryOptions(search), placeholderData: keepPreviousData });

// ---------------------------------------------------------------------------------------------------------
// One company
// ---------------------------------------------------------------------------------------------------------

export const getCompany = (idOrName: string) =>
  apiFetch<CompanyDetail>(`/api/v1/companies/${encodeURIComponent(idOrName)}`);

export const companyQueryOptions = (idOrName: string) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'detail', idOrName.toLowerCase()],
    queryFn: () => getCompany(idOrName),
    retry: notRetriedOnRefusal,
    staleTime: 60_000,
  });

export const useCompany = (idOrName: string, enabled = true) =>
  useQuery({ ...companyQueryOptions(idOrName), enabled });

// ---------------------------------------------------------------------------------------------------------
// My Companies
// ---------------------------------------------------------------------------------------------------------

type CompanyPatch = { saved: boolean; savedAccount: SavedAccount | null };

/**
 * Puts a save or removal into every cached copy of the company, instead of fetching searches again (a
 * search with criteria costs a credit); My Companies lists are free, so they are fetched again.
 */
function patchCompany(client: QueryClient, id: string, patch: CompanyPatch): Promise<void> {
  const apply = <T extends Company>(company: T): T =>
    company.id === id ? { ...company, saved: patch.saved, savedAccount: patch.savedAccount } : company;
  client.setQueriesData<InfiniteData<CompanyPage>>({ queryKey: [...COMPANIES_KEY, 'search'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, companies: page.companies.map(apply) })),
        }
      : data,
  );
  client.setQueriesData<CompanyDetail>({ queryKey: [...COMPANIES_KEY, 'detail'] }, (data) =>
    data ? { ...apply(data), similar: data.similar.map(apply) } : data,
  );
  return client.invalidateQueries({
    queryKey: [...COMPANIES_KEY, 'search'],
    predicate: (query) => String(query.queryKey[2]).includes('myCompanies=true'),
  });
}

export const saveCompany = (id: string, change: SavedChange = {}) =>
  apiFetch<SavedAccount>(`/api/v1/companies/${id}/saved`, { method: 'PUT', body: change });

export const unsaveCompany = (id: string) =>
  apiFetch<void>(`/api/v1/companies/${id}/saved`, { method: 'DELETE' });

/** Saves a company to My Companies, or changes its notes, tags or status. */
export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change?: SavedChange }) => saveCompany(id, change),
    onSuccess: (account, { id }) => patchCompany(client, id, { saved: true, savedAccount: account }),
  });
}

export function useUnsaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unsaveCompany(id),
    onSuccess: (_nothing, id) => patchCompany(client, id, { saved: false, savedAccount: null }),
  });
}

/** Saves several companies (the table's selection); resolves with how many were saved and failed. */
export function useSaveMany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const results = await mapSettled(ids, (id) => saveCompany(id));
      await Promise.all(
        results.map((result, i) =>
          result.status === 'fulfilled'
            ? patchCompany(client, ids[i] ?? '', { saved: true, savedAccount: result.value })
            : undefined,
        ),
      );
      return {
        saved: results.filter((r) => r.status === 'fulfilled').length,
        failed: results.filter((r) => r.status === 'rejected').length,
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// CSV export (charged: 1 credit per 100 rows)
// ---------------------------------------------------------------------------------------------------------

/** What to export: the selected rows, or everything the search finds. */
export const exportRequest = (target: { ids: string[] } | { search: CompanySearch }): ExportRequest => ({
  list: 'companies',
  body: 'ids' in target ? { ids: target.ids } : toFilterBody(target.search),
});

// ---------------------------------------------------------------------------------------------------------
// Imports (CSV of the user's own accounts, run as a job)
// ---------------------------------------------------------------------------------------------------------

const IMPORTS = '/api/v1/companies/imports';

export type ImportPreview = {
  columns: string[];
  rows: number;
  /** The first rows, by column. */
  sample: Record<string, string>[];
  suggestedMapping: ImportMapping;
};

export type ImportStatus = JobStatus;

export type CompanyImport = {
  id: string;
  filename: string;
  status: ImportStatus;
  totalRows: number;
  importedRows: number;
  duplicateRows: number;
  errorRows: number;
  /** The first rows that could not be imported (row 1 is the header); `errorRows` counts all of them. */
  errors: { row: number; message: string }[];
  jobId: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** GET /api/v1/jobs/{id}, as far as an import needs it. */

export function previewImport(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file);
  return apiPostForm<ImportPreview>(`${IMPORTS}/preview`, form);
}

export function startImport(file: File, mapping: ImportMapping): Promise<CompanyImport> {
  const form = new FormData();
  form.append('file', file);
  form.append('mapping', JSON.stringify(mapping));
  return apiPostForm<CompanyImport>(IMPORTS, form);
}

export const getImport = (id: string) => apiFetch<CompanyImport>(`${IMPORTS}/${id}`);

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

export const useStartImport = () =>
  useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) => startImport(file, mapping),
  });

/**
 * A started import until its report: the job's progress while it runs (polled), then the import itself with
 * its counts and row errors. The import's own status is the authority; the job's error covers a job that
 * died before it could write one.
 */
export function useImportRun(started: CompanyImport | null) {
  const job = useJob(started?.jobId ?? null);
  // Without a job id (never expected) the import itself is polled.
  const jobDone = started?.jobId ? isFinished(job.data?.status) : true;
  const report = useQuery({
    queryKey: [...COMPANIES_KEY, 'import', started?.id ?? ''],
    queryFn: () => getImport(started?.id ?? ''),
    enabled: Boolean(started) && jobDone,
    refetchInterval: (query) =>
      isFinished(query.state.data?.status) || job.data?.status === 'failed' ? false : JOB_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: notRetriedOnRefusal,
  });
  const finished = report.data && isFinished(report.data.status) ? report.data : null;
  const jobFailed = job.data?.status === 'failed' && report.data && !isFinished(report.data.status);
  return {
    progress: finished ? 100 : (job.data?.progress ?? 0),
    message: job.data?.message ?? null,
    report: finished,
    /** The job failed without writing its report. */
    jobError: jobFailed ? (job.data?.error ?? 'The import failed; nothing was imported') : null,
    error: job.error ?? report.error,
    retry: () => {
      if (job.isError) void job.refetch();
      if (report.isError) void report.refetch();
    },
  };
}

/**
 * After an import every company list may hold new rows: each is marked stale but not fetched again now (a
 * search with criteria costs a credit), so the list the user looks at next is fetched afresh.
 */
export function useCompaniesChanged() {
  const client = useQueryClient();
  return useCallback(
    () =>
      client.invalidateQueries({
        queryKey: COMPANIES_KEY,
        refetchType: 'none',
        predicate: (query) => query.queryKey[1] !== 'import-job' && query.queryKey[1] !== 'import',
      }),
    [client],
  );
}
