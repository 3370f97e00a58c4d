/**
 * RFP responses over the API (issue 9): projects made from a questionnaire (uploaded or pasted), "draft all"
 * as a job, the questions (answer, status, assignee), comments, the answer library and the exports. Shapes:
 * src/shared/rfp.ts; routes in src/server/features/rfp/routes.ts.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoRfq } from '../../../shared/knowledge.ts';
import type {
  RfpComment,
  RfpExportFormat,
  RfpProject,
  RfpProjectSummary,
  RfpQuestion,
  RfpStatus,
} from '../../../shared/rfp.ts';
import { ApiError, apiFetch, apiPostForm, errorMessage, notRetriedOnRefusal } from '../../lib/api.ts';
import { invalidateCredits } from '../../lib/credits.ts';
import { isFinished } from '../../lib/jobs.ts';

const BASE = '/api/v1/rfp/projects';
export const RFP_KEY = ['rfp'] as const;

export const isDrafting = (project: Pick<RfpProjectSummary, 'draftJob'> | undefined) =>
  Boolean(project?.draftJob && !isFinished(project.draftJob.status));

/** How often a list or a project with a drafting job is read again. */
export const DRAFTING_POLL_MS = 1500;

// Projects ------------------------------------------------------------------------------------------------

export const getProjects = () => apiFetch<{ projects: RfpProjectSummary[] }>(BASE);

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: [...RFP_KEY, 'projects'],
    queryFn: getProjects,
    select: (body) => body.projects,
  });

/** The projects, most recently changed first; read again while one of them is being drafted. */
export const useProjects = () =>
  useQuery({
    ...projectsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.projects.some((project) => isDrafting(project)) ? DRAFTING_POLL_MS : false,
    retry: notRetriedOnRefusal,
  });

export const getProject = (id: string) => apiFetch<RfpProject>(`${BASE}/${id}`);

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...RFP_KEY, 'project', id], queryFn: () => getProject(id) });

/** A project with its questions, read again every few seconds while a drafting job is writing answers. */
export const useProject = (id: string) =>
  useQuery({
    ...projectQueryOptions(id),
    refetchInterval: (query) => (isDrafting(query.state.data) ? DRAFTING_POLL_MS : false),
    retry: notRetriedOnRefusal,
  });

/** After a change: the project (its progress) and the list are read again. */
export function refreshProject(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey }),
  ]);
}

export type NewProjectFields = { title?: string; issuer?: string; deadline?: string };

/** `POST /projects` multipart: a questionnaire file; title, issuer and deadline are optional. */
export function uploadQuestionnaire(file: File, fields: NewProjectFields): Promise<RfpProject> {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [key, value] of Object.entries(fields)) {
    if (value?.trim()) form.append(key, value.trim());
  }
  return apiPostForm<RfpProject>(BASE, form);
}

export type PastedQuestionnaire = { title: string; text: string; issuer?: string; deadline?: string };

/** `POST /projects` JSON: pasted text. */
export const pasteQuestionnaire = ({ title, text, issuer, deadline }: PastedQuestionnaire) =>
  apiFetch<RfpProject>(BASE, {
    method: 'POST',
    body: {
      title: title.trim(),
      text,
      ...(issuer?.trim() ? { issuer: issuer.trim() } : {}),
      ...(deadline ? { deadline } : {}),
    },
  });

/** Keeps a project the server just answered with, so its editor opens at once. */
export function rememberProject(queryClient: QueryClient, project: RfpProject) {
  queryClient.setQueryData(projectQueryOptions(project.id).queryKey, project);
  return queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
}

export function usePasteQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pasteQuestionnaire,
    onSuccess: (project) => rememberProject(queryClient, project),
  });
}

export type ProjectPatch = { title?: string; issuer?: string | null; deadline?: string | null };

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProjectPatch) =>
      apiFetch<RfpProject>(`${BASE}/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: (project) => rememberProject(queryClient, project),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: projectQueryOptions(id).queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey }),
  });
}

// Drafting -------------------------------------------------------------------------------------------------

export type DraftStarted = { jobId: string; questions: number };

/** "Draft all": 202 with the job; the project shows the job as queued at once. */
export function useStartDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<DraftStarted>(`${BASE}/${id}/draft`, { method: 'POST' }),
    onSuccess: ({ jobId }) => {
      queryClient.setQueryData(projectQueryOptions(id).queryKey, (project) =>
        project
          ? { ...project, draftJob: { id: jobId, status: 'queued' as const, progress: 0, message: null } }
          : project,
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
    },
  });
}

// Questions ------------------------------------------------------------------------------------------------

export type QuestionPatch = { answer?: string; status?: RfpStatus; assignee?: string | null };

const withQuestion = (
  project: RfpProject | undefined,
  questionId: string,
  change: (question: RfpQuestion) => RfpQuestion,
): RfpProject | undefined =>
  project && {
    ...project,
    questions: project.questions.map((question) =>
      question.id === questionId ? change(question) : question,
    ),
  };

/**
 * Edits a question: shown at once (the status, assignee or answer as sent), replaced by the server's answer,
 * put back on a refusal; then the project is read again for its progress.
 */
export function useUpdateQuestion(projectId: string) {
  const queryClient = useQueryClient();
  const key = projectQueryOptions(projectId).queryKey;
  return useMutation({
    mutationFn: ({ questionId, patch }: { questionId: string; patch: QuestionPatch }) =>
      apiFetch<RfpQuestion>(`${BASE}/${projectId}/questions/${questionId}`, { method: 'PATCH', body: patch }),
    onMutate: async ({ questionId, patch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (project) =>
        withQuestion(project, questionId, (question) => ({
          ...question,
          ...patch,
          assignee: patch.assignee === undefined ? question.assignee : patch.assignee?.trim() || null,
        })),
      );
      return { before };
    },
    onError: (_err, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (question) => {
      queryClient.setQueryData(key, (project) => withQuestion(project, question.id, () => question));
    },
    onSettled: () => refreshProject(queryClient, projectId),
  });
}

export type Regenerated = { question: RfpQuestion; creditsCharged: number };

/** Drafts one answer again (an rfp_answer when it comes from the documents; free from the library). */
export function useRegenerateQuestion(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiFetch<Regenerated>(`${BASE}/${projectId}/questions/${questionId}/regenerate`, { method: 'POST' }),
    onSuccess: ({ question, creditsCharged }) => {
      queryClient.setQueryData(projectQueryOptions(projectId).queryKey, (project) =>
        withQuestion(project, question.id, () => question),
      );
      if (creditsCharged > 0) void invalidateCredits(queryClient);
    },
    onSettled: () => refreshProject(queryClient, projectId),
  });
}

export type LibrarySave = { entryId: string; created: boolean };

/** Saves an approved answer to the answer library; the question then names its library entry. */
export function useSaveToLibrary(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiFetch<LibrarySave>(`${BASE}/${projectId}/questions/${questionId}/library`, { method: 'POST' }),
    onSuccess: ({ entryId }, questionId) => {
      queryClient.setQueryData(projectQueryOptions(projectId).queryKey, (project) =>
        withQuestion(project, questionId, (question) => ({ ...question, libraryEntryId: entryId })),
      );
    },
    onSettled: () => refreshProject(queryClient, projectId),
  });
}

// Comments -------------------------------------------------------------------------------------------------

const commentsPath = (projectId: string, questionId: string) =>
  `${BASE}/${projectId}/questions/${questionId}/comments`;

export const commentsQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: [...RFP_KEY, 'project', projectId, 'comments', questionId],
    queryFn: () => apiFetch<{ comments: RfpComment[] }>(commentsPath(projectId, questionId)),
    select: (body) => body.comments,
  });

export const useComments = (projectId: string, questionId: string) =>
  useQuery({ ...commentsQueryOptions(projectId, questionId), retry: notRetriedOnRefusal });

export function useAddComment(projectId: string, questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<RfpComment>(commentsPath(projectId, questionId), { method: 'POST', body: { body } }),
    onSuccess: (comment) => {
      queryClient.setQueryData(commentsQueryOptions(projectId, questionId).queryKey, (current) =>
        current ? { comments: [...current.comments, comment] } : current,
      );
      queryClient.setQueryData(projectQueryOptions(projectId).queryKey, (project) =>
        withQuestion(project, questionId, (question) => ({
          ...question,
          commentCount: question.commentCount + 1,
        })),
      );
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commentsQueryOptions(projectId, questionId).queryKey }),
  });
}

// Export ---------------------------------------------------------------------------------------------------

export const exportHref = (projectId: string, format: RfpExportFormat) =>
  `${BASE}/${projectId}/export?format=${format}`;

/** The file name the server gave (its UTF-8 form first), or a fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** Downloads an export: asked for first, so a refusal is shown with its reason instead of saved as a file. */
export async function downloadExport(projectId: string, format: RfpExportFormat): Promise<string> {
  const response = await fetch(exportHref(projectId, format), { credentials: 'include' });
  if (!response.ok) {
    const { message, code, details } = await errorMessage(response);
    throw new ApiError(message, response.status, code, details ?? null);
  }
  const name = fileNameOf(response, `rfp.${format === 'source' ? 'csv' : format}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const useDownloadExport = (projectId: string) =>
  useMutation({ mutationFn: (format: RfpExportFormat) => downloadExport(projectId, format) });

// Sample RFQs ----------------------------------------------------------------------------------------------

/** The knowledge base's sample requests for quotation (their Markdown: loaded only once asked for). */
export const useSampleRfqs = (enabled: boolean) =>
  useQuery({
    queryKey: [...RFP_KEY, 'samples'],
    queryFn: () => apiFetch<{ rfqs: DemoRfq[] }>('/api/v1/knowledge/demo/rfqs'),
    select: (body) => body.rfqs,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedOnRefusal,
  });
