/**
 * The knowledge base over the API (issue 8): documents (upload, list, re-process, delete, download), the
 * statistics, the cited chat, enterprise file search and the graph. Shapes: src/shared/knowledge.ts; routes
 * in src/server/features/knowledge/routes.ts and chat-routes.ts.
 */
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type DemoLibrary,
  type DocumentList,
  type GraphColumns,
  type GraphEdgeKey,
  type GraphEntities,
  type GraphEvidence,
  graphFromColumns,
  type KnowledgeChatRequest,
  type KnowledgeChatResponse,
  type KnowledgeDocument,
  type KnowledgeSearchResponse,
  type KnowledgeStats,
  type UploadResponse,
  type UploadResult,
} from '../../../shared/knowledge.ts';
import { apiFetch, apiPostForm, notRetriedOnRefusal } from '../../lib/api.ts';

const BASE = '/api/v1/knowledge';
export const KNOWLEDGE_KEY = ['knowledge'] as const;

const query = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

// Documents ------------------------------------------------------------------------------------------------

export const isProcessing = (document: Pick<KnowledgeDocument, 'status'>) =>
  document.status === 'queued' || document.status === 'processing';

/** How often documents still being processed are asked for their progress. */
export const PROCESSING_POLL_MS = 1000;

export const getDocuments = (q: string) =>
  apiFetch<DocumentList>(`${BASE}/documents${query({ q: q.trim() })}`);

export const documentsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'documents', q.trim()],
    queryFn: () => getDocuments(q),
    select: (body) => body.documents,
  });

/** The 20 most recent documents (matching `q`), polled while any of them is being processed. */
export const useDocuments = (q: string) =>
  useQuery({
    ...documentsQueryOptions(q),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.documents.some(isProcessing) ? PROCESSING_POLL_MS : false,
    retry: notRetriedOnRefusal,
  });

export const getDocument = (id: string) => apiFetch<KnowledgeDocument>(`${BASE}/documents/${id}`);

export const useDocument = (id: string | null) =>
  useQuery({
    queryKey: [...KNOWLEDGE_KEY, 'document', id ?? ''],
    queryFn: () => getDocument(id ?? ''),
    enabled: Boolean(id),
    retry: notRetriedOnRefusal,
  });

/** The original file, as uploaded (served as an attachment: it downloads, it is never rendered here). */
export const documentFileHref = (documentId: string) => `${BASE}/documents/${documentId}/download`;

/** Documents, statistics, graph and search all change when a document is added, processed or removed. */
export const invalidateKnowledge = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY });

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${BASE}/documents/${id}`, { method: 'DELETE' }),
    onSettled: () => invalidateKnowledge(queryClient),
  });
}

export function useReprocessDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<KnowledgeDocument>(`${BASE}/documents/${id}/reprocess`, { method: 'POST' }),
    onSettled: () => invalidateKnowledge(queryClient),
  });
}

/** A file to upload, with its path inside a dropped folder ("policies/access.md") or its own name. */
export type UploadFile = { file: File; path: string };

/** One request of an upload: each file gets its own result, taken or refused with the reason. */
export async function uploadDocuments(files: UploadFile[]): Promise<UploadResult[]> {
  const form = new FormData();
  // The server keeps a folder's relative path as the filename, so two "readme.md" stay two documents.
  for (const { file, path } of files) form.append('files', file, path);
  const body = await apiPostForm<UploadResponse>(`${BASE}/documents`, form);
  return body.results;
}

// Statistics -----------------------------------------------------------------------------------------------

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'stats'],
    queryFn: () => apiFetch<KnowledgeStats>(`${BASE}/stats`),
  });

/** The statistics; `live` reads them again every few seconds (documents are being processed). */
export const useKnowledgeStats = (live = false) =>
  useQuery({
    ...statsQueryOptions(),
    refetchInterval: live ? STATS_POLL_MS : false,
    retry: notRetriedOnRefusal,
  });

const STATS_POLL_MS = 3000;

// The demo library ---------------------------------------------------------------------------------------------

export const useDemoLibrary = (enabled: boolean) =>
  useQuery({
    queryKey: [...KNOWLEDGE_KEY, 'demo'],
    queryFn: () => apiFetch<DemoLibrary>(`${BASE}/demo`),
    enabled,
    retry: notRetriedOnRefusal,
  });

/** Removes the demo documents and what they contributed, or loads the library again. */
export function useDemoLibraryChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'remove' | 'load') =>
      apiFetch<DemoLibrary>(`${BASE}/demo`, { method: change === 'remove' ? 'DELETE' : 'POST' }),
    onSettled: () => invalidateKnowledge(queryClient),
  });
}

// Chat -------------------------------------------------------------------------------------------------------

export const sendKnowledgeChat = (request: KnowledgeChatRequest) =>
  apiFetch<KnowledgeChatResponse>(`${BASE}/chat`, { method: 'POST', body: request });

// File search ----------------------------------------------------------------------------------------------

export type SearchFilters = {
  q: string;
  /** A document extension ("pdf"). */
  type?: string;
  /** Documents added on or after this day (YYYY-MM-DD). */
  from?: string;
  /** Documents added on or before this day (YYYY-MM-DD). */
  to?: string;
  /** An entity id: passages that mention it. */
  entity?: string;
  limit?: number;
};

export const searchPassages = (filters: SearchFilters, cursor: string | null) =>
  apiFetch<KnowledgeSearchResponse>(
    `${BASE}/search${query({
      q: filters.q.trim(),
      type: filters.type,
      from: filters.from,
      to: filters.to,
      entity: filters.entity,
      limit: filters.limit,
      cursor,
    })}`,
  );

/** The passages found, page after page ("Show more" asks for the next one). */
export const usePassageSearch = (filters: SearchFilters, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...KNOWLEDGE_KEY, 'search', filters],
    queryFn: ({ pageParam }) => searchPassages(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    placeholderData: keepPreviousData,
    retry: notRetriedOnRefusal,
  });

// Graph ------------------------------------------------------------------------------------------------------

export const searchEntities = (q: string) =>
  apiFetch<GraphEntities>(`${BASE}/graph/entities${query({ q: q.trim(), limit: 8 })}`);

export const useEntitySearch = (q: string) =>
  useQuery({
    queryKey: [...KNOWLEDGE_KEY, 'entities', q.trim()],
    queryFn: () => searchEntities(q),
    enabled: q.trim().length > 0,
    select: (body) => body.entities,
    placeholderData: keepPreviousData,
    retry: notRetriedOnRefusal,
  });

export const getOverview = () => apiFetch<GraphColumns>(`${BASE}/graph/overview`).then(graphFromColumns);

export const useGraphOverview = () =>
  useQuery({
    queryKey: [...KNOWLEDGE_KEY, 'graph', 'overview'],
    queryFn: getOverview,
    retry: notRetriedOnRefusal,
  });

export const getNeighbourhood = (entityId: string, depth: 1 | 2 = 1, limit?: number) =>
  apiFetch<GraphColumns>(`${BASE}/graph/neighbourhood${query({ entityId, depth, limit })}`).then(
    graphFromColumns,
  );

/** The passages behind a node or an edge of the graph. */
export type Evidence = { entityId: string } | GraphEdgeKey;

export const evidenceQueryOptions = (of: Evidence) =>
  queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'evidence', of],
    queryFn: () => apiFetch<GraphEvidence>(`${BASE}/graph/evidence${query(of)}`),
    retry: notRetriedOnRefusal,
  });

export const useEvidence = (of: Evidence | null) =>
  useQuery({
    ...evidenceQueryOptions(of ?? { entityId: '' }),
    enabled: of !== null,
  });
