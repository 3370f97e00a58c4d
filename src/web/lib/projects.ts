/**
 * Sales projects from anywhere: "Add to project" on every agent reads which projects hold a record, adds it,
 * or creates a project for it; the projects feature keeps its data under the same keys, so a change shows up
 * there at once. Shapes: src/shared/projects.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Project,
  ProjectCreate,
  ProjectItemAdded,
  ProjectItemKind,
  ProjectList,
  ProjectStatus,
} from '../../shared/projects.ts';
import { apiFetch, notRetriedOnRefusal } from './api.ts';

export const PROJECTS_BASE = '/api/v1/projects';
export const PROJECTS_KEY = ['projects'] as const;
export const projectListKey = (status?: ProjectStatus) => [...PROJECTS_KEY, 'list', status ?? 'all'] as const;
export const projectContainsKey = (kind: ProjectItemKind, refId: string) =>
  [...PROJECTS_KEY, 'contains', kind, refId] as const;
export const projectKey = (id: string) => [...PROJECTS_KEY, 'detail', id] as const;
export const projectPath = (id: string) => `/sales-projects/${id}`;

export const getProjects = (status?: ProjectStatus) =>
  apiFetch<ProjectList>(status ? `${PROJECTS_BASE}?status=${status}` : PROJECTS_BASE);

/** The projects; given a record, each marked with the id of its item when the project holds that record. */
export const useProjectsHolding = (kind: ProjectItemKind, refId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: refId ? projectContainsKey(kind, refId) : projectListKey(),
    queryFn: () =>
      refId
        ? apiFetch<ProjectList>(`${PROJECTS_BASE}?contains=${encodeURIComponent(`${kind}:${refId}`)}`)
        : getProjects(),
    select: (body) => body.projects,
    enabled,
    retry: notRetriedOnRefusal,
  });

export const createProject = (input: ProjectCreate) =>
  apiFetch<Project>(PROJECTS_BASE, { method: 'POST', body: input });

export const addProjectItem = (projectId: string, kind: ProjectItemKind, refId: string) =>
  apiFetch<ProjectItemAdded>(`${PROJECTS_BASE}/${projectId}/items`, {
    method: 'POST',
    body: { kind, refId },
  });

/** Every project list, count and "holds it" mark is read again after a change. */
export const refreshProjects = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKey(project.id), project);
      void refreshProjects(queryClient);
    },
  });
}

/** Adds records to a project (several at once from a selection), one request each. */
export function useAddToProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      projectId,
      kind,
      refIds,
    }: {
      projectId: string;
      kind: ProjectItemKind;
      refIds: readonly string[];
    }) => {
      const added: ProjectItemAdded[] = [];
      for (const refId of refIds) added.push(await addProjectItem(projectId, kind, refId));
      return added;
    },
    onSettled: () => refreshProjects(queryClient),
  });
}
