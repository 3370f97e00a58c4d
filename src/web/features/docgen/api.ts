/**
 * Document generation over the API (issue 9 point 4): the templates, generating a document (a paid
 * document_generation), the user's documents (list, read, edit, delete) and their exports; plus the small reads
 * the inputs need from other features' endpoints (companies, people, prospects), re-declared here because a web
 * feature does not import another. Shapes: src/shared/docgen.ts; routes in src/server/features/docgen/routes.ts.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocExportFormat,
  DocTemplateInfo,
  GeneratedDocument,
  GenerateRequest,
} from '../../../shared/docgen.ts';
import type { ProspectList } from '../../../shared/prospects.ts';
import { ApiError, apiFetch, errorMessage, notRetriedOnRefusal } from '../../lib/api.ts';
import { invalidateCredits, notifyCharge, toastCreditFailure } from '../../lib/credits.ts';
import { prospectListKey } from '../../lib/prospects.ts';

const BASE = '/api/v1/docgen';
export const DOCGEN_KEY = ['docgen'] as const;

/** A document in the list: everything but its text and sources. */
export type DocumentSummary = Omit<GeneratedDocument, 'markdown' | 'sources'>;
export type GeneratedWithCharge = GeneratedDocument & { creditsCharged: number };

// Templates ---------------------------------------------------------------------------------------------------

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: [...DOCGEN_KEY, 'templates'],
    queryFn: () => apiFetch<{ templates: DocTemplateInfo[] }>(`${BASE}/templates`),
    select: (body) => body.templates,
    // The templates are part of the release: read once a session.
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedOnRefusal,
  });

export const useTemplates = () => useQuery(templatesQueryOptions());

// Documents ---------------------------------------------------------------------------------------------------

const documentsKey = [...DOCGEN_KEY, 'documents'] as const;
const documentKey = (id: string) => [...DOCGEN_KEY, 'document', id] as const;

export const getDocuments = () => apiFetch<{ documents: DocumentSummary[] }>(`${BASE}/documents`);

export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: documentsKey,
    queryFn: getDocuments,
    select: (body) => body.documents,
    retry: notRetriedOnRefusal,
  });

/** The user's documents, most recently changed first. */
export const useDocuments = () => useQuery(documentsQueryOptions());

export const getDocument = (id: string) => apiFetch<GeneratedDocument>(`${BASE}/documents/${id}`);

export const documentQueryOptions = (id: string) =>
  queryOptions({ queryKey: documentKey(id), queryFn: () => getDocument(id), retry: notRetriedOnRefusal });

export const useDocument = (id: string | null) =>
  useQuery({ ...documentQueryOptions(id ?? ''), enabled: Boolean(id) });

export const generateDocument = (request: GenerateRequest) =>
  apiFetch<GeneratedWithCharge>(`${BASE}/documents`, { method: 'POST', body: request });

/** Generates and saves a document (one document_generation); the new document is cached at once. */
export function useGenerateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDocument,
    onSuccess: ({ creditsCharged, ...document }) => {
      queryClient.setQueryData(documentKey(document.id), document);
      notifyCharge({ activityType: 'document_generation', creditsCharged });
      void invalidateCredits(queryClient);
      return queryClient.invalidateQueries({ queryKey: documentsKey });
    },
    onError: (err) => {
      toastCreditFailure(err, 'Document generation');
    },
  });
}

export type DocumentPatch = { title?: string; markdown?: string };

/** Saves a new title or text; the server answers with what is still missing. */
export function useUpdateDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: DocumentPatch) =>
      apiFetch<GeneratedDocument>(`${BASE}/documents/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey(id), document);
      return queryClient.invalidateQueries({ queryKey: documentsKey });
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${BASE}/documents/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: documentKey(id) });
      return queryClient.invalidateQueries({ queryKey: documentsKey });
    },
  });
}

export const exportHref = (id: string, format: DocExportFormat) =>
  `${BASE}/documents/${id}/export?format=${format}`;

/** The name a Content-Disposition header gives (RFC 6266: `filename*` first), or null. */
function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads an export: fetched first so a refusal shows the server's message, then handed to the browser as a
 * file. Resolves with the file's name.
 */
export async function downloadExport(id: string, format: DocExportFormat, fallbackName: string) {
  const response = await fetch(exportHref(id, format), { credentials: 'include' });
  if (!response.ok) {
    const { message, code, details } = await errorMessage(response);
    throw new ApiError(message, response.status, code, details ?? null);
  }
  const name = attachmentName(response.headers.get('content-disposition')) ?? `${fallbackName}.${format}`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the address may go once the browser has read it.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

// Inputs: companies, people, prospects (other features' endpoints, read-only) ----------------------------------

/** What the picker shows of a company. */
export type CompanyOption = {
  id: string;
  name: string;
  location: string | null;
  primaryIndustry: string | null;
};

type CompanyPage = { companies: CompanyOption[]; creditsCharged: number };

const companyKey = (idOrName: string) => [...DOCGEN_KEY, 'company', idOrName.toLowerCase()] as const;

/** One company by id or exact name (free). */
export const getCompany = (idOrName: string) =>
  apiFetch<CompanyOption>(`/api/v1/companies/${encodeURIComponent(idOrName)}`);

export const companyQueryOptions = (idOrName: string) =>
  queryOptions({
    queryKey: companyKey(idOrName),
    queryFn: () => getCompany(idOrName),
    staleTime: 5 * 60_000,
    retry: notRetriedOnRefusal,
  });

/** My Companies, unfiltered: browsing them is free, so the picker can suggest them as the user types. */
export const useMyCompanies = () =>
  useQuery({
    queryKey: [...DOCGEN_KEY, 'my-companies'],
    queryFn: () => apiFetch<CompanyPage>('/api/v1/companies?myCompanies=true&limit=100'),
    select: (body) => body.companies,
    staleTime: 60_000,
    retry: notRetriedOnRefusal,
  });

/**
 * A Company Finder search by name. It is charged (company_search) when it finds something, so it runs only
 * when the user asks, and a term searched once is not searched again this session.
 */
export function useCompanySearch(term: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...DOCGEN_KEY, 'company-search', term?.toLowerCase() ?? ''],
    queryFn: async () => {
      const params = new URLSearchParams({ q: term ?? '', limit: '10' });
      let page: CompanyPage;
      try {
        page = await apiFetch<CompanyPage>(`/api/v1/companies?${params}`);
      } catch (err) {
        toastCreditFailure(err, 'Company search');
        throw err;
      }
      if (page.creditsCharged > 0) {
        notifyCharge({ activityType: 'company_search', creditsCharged: page.creditsCharged });
        void invalidateCredits(queryClient);
      }
      return page.companies;
    },
    enabled: Boolean(term),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: notRetriedOnRefusal,
  });
}

export type Contact = {
  id: string;
  fullName: string;
  firstName: string;
  title: string | null;
  seniority: string | null;
};

/** The people we know at a company (free: the people of one company are the user's own account). */
export const useCompanyPeople = (companyId: string | null) =>
  useQuery({
    queryKey: [...DOCGEN_KEY, 'people', companyId ?? ''],
    queryFn: () =>
      apiFetch<{ people: Contact[] }>(
        `/api/v1/people?${new URLSearchParams({ companyId: companyId ?? '', limit: '100', sort: 'name' })}`,
      ),
    select: (body) => body.people,
    enabled: Boolean(companyId),
    staleTime: 60_000,
    retry: notRetriedOnRefusal,
  });

/** The user's prospects (under the prospects' list key, so adding one shows up here at once). */
export const useProspectOptions = () =>
  useQuery({
    queryKey: [...prospectListKey, 'docgen-options'],
    queryFn: () => apiFetch<ProspectList>('/api/v1/prospects?limit=100&sort=updated'),
    select: (body) => body.prospects,
    retry: notRetriedOnRefusal,
  });
