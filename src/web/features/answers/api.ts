/**
 * Sales Q&A over the API (issue 9 point 1): ask, the answer library, feedback and the review list. Shapes:
 * src/shared/answers.ts; routes in src/server/features/answers/routes.ts.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AnswerCategory,
  type AnswerReview,
  type AskResponse,
  LIBRARY_PAGE_SIZE,
  type LibraryEntry,
  type LibraryEntryInput,
  type LibraryEntryPatch,
  type LibraryList,
} from '../../../shared/answers.ts';
import type { KnowledgeStats } from '../../../shared/knowledge.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

const BASE = '/api/v1/answers';
export const ANSWERS_KEY = ['answers'] as const;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The library, the entries and the review list all change when an entry or a review does. */
export const invalidateAnswers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ANSWERS_KEY });

// Ask --------------------------------------------------------------------------------------------------------

export const askQuestion = (question: string) =>
  apiFetch<AskResponse>(`${BASE}/ask`, { method: 'POST', body: { question } });

// The library ------------------------------------------------------------------------------------------------

export type LibraryFilter = { q: string; category?: AnswerCategory; tag?: string };

export const getLibrary = (filter: LibraryFilter, offset = 0) =>
  apiFetch<LibraryList>(
    `${BASE}/library${query({
      q: filter.q.trim(),
      category: filter.category,
      tag: filter.tag,
      limit: LIBRARY_PAGE_SIZE,
      offset: offset || undefined,
    })}`,
  );

export const libraryQueryOptions = (filter: LibraryFilter) =>
  infiniteQueryOptions({
    queryKey: [...ANSWERS_KEY, 'library', { ...filter, q: filter.q.trim() }],
    queryFn: ({ pageParam }) => getLibrary(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.entries.length, 0);
      return loaded < last.total && last.entries.length > 0 ? loaded : undefined;
    },
  });

/** The library's entries (page after page), with the counts per category and tag. */
export const useLibrary = (filter: LibraryFilter) =>
  useInfiniteQuery({
    ...libraryQueryOptions(filter),
    placeholderData: keepPreviousData,
    retry: notRetriedOnRefusal,
  });

/** Whether the library holds anything at all (the first page, unfiltered). */
export const useLibrarySize = () =>
  useQuery({
    queryKey: [...ANSWERS_KEY, 'size'],
    queryFn: () => apiFetch<LibraryList>(`${BASE}/library?limit=1`),
    select: (list) => list.total,
    retry: notRetriedOnRefusal,
  });

export const entryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ANSWERS_KEY, 'entry', id],
    queryFn: () => apiFetch<LibraryEntry>(`${BASE}/library/${id}`),
    retry: notRetriedOnRefusal,
  });

/** One entry with its feedback (what its owner sees). */
export const useLibraryEntry = (id: string | null) =>
  useQuery({ ...entryQueryOptions(id ?? ''), enabled: Boolean(id) });

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LibraryEntryInput) =>
      apiFetch<LibraryEntry>(`${BASE}/library`, { method: 'POST', body: input }),
    onSuccess: (entry) => queryClient.setQueryData(entryQueryOptions(entry.id).queryKey, entry),
    onSettled: () => invalidateAnswers(queryClient),
  });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: LibraryEntryPatch }) =>
      apiFetch<LibraryEntry>(`${BASE}/library/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: (entry) => queryClient.setQueryData(entryQueryOptions(entry.id).queryKey, entry),
    onSettled: () => invalidateAnswers(queryClient),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${BASE}/library/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: entryQueryOptions(id).queryKey }),
    onSettled: () => invalidateAnswers(queryClient),
  });
}

// Feedback ---------------------------------------------------------------------------------------------------

export type Feedback = {
  question: string;
  answer: string;
  rating: 1 | -1;
  entryId?: string | null;
  comment?: string;
};

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedback: Feedback) =>
      apiFetch<{ id: string }>(`${BASE}/feedback`, { method: 'POST', body: feedback }),
    // The entry's counts and comments change; feedback on a documents answer belongs to no entry.
    onSuccess: (_, feedback) => (feedback.entryId ? invalidateAnswers(queryClient) : undefined),
  });
}

// The review list --------------------------------------------------------------------------------------------

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: [...ANSWERS_KEY, 'reviews'],
    queryFn: () => apiFetch<{ reviews: AnswerReview[] }>(`${BASE}/reviews`),
    select: (body) => body.reviews,
    retry: notRetriedOnRefusal,
  });

/** Every review request, newest first (open and resolved). */
export const useReviews = () => useQuery(reviewsQueryOptions());

export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { question: string; note?: string }) =>
      apiFetch<AnswerReview>(`${BASE}/reviews`, { method: 'POST', body: request }),
    onSettled: () => invalidateAnswers(queryClient),
  });
}

export type ReviewResolution =
  | { status: 'answered'; answer: string; category: AnswerCategory; tags: string[] }
  | { status: 'dismissed' };

export function useResolveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: ReviewResolution }) =>
      apiFetch<{ review: AnswerReview; entry: LibraryEntry | null }>(`${BASE}/reviews/${id}`, {
        method: 'PATCH',
        body: resolution,
      }),
    onSettled: () => invalidateAnswers(queryClient),
  });
}

// The knowledge base behind the answers --------------------------------------------------------------------

/**
 * How many documents the answers can come from. The same request (and cache entry) as the knowledge page's
 * statistics; its first use also brings the demo library.
 */
export const useDocumentCount = () =>
  useQuery({
    queryKey: ['knowledge', 'stats'],
    queryFn: () => apiFetch<KnowledgeStats>('/api/v1/knowledge/stats'),
    select: (stats) => stats.totalDocuments,
    retry: notRetriedOnRefusal,
  });
