/**
 * Sales projects over the API (issue 10): the list with counts per kind, one project with its items, changes,
 * notes. Shapes: src/shared/projects.ts; routes in src/server/features/projects/routes.ts. Adding records and
 * creating a project from an agent's "Add to project" menu live in src/web/lib/projects.ts (shared keys).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectNote, ProjectPatch, ProjectStatus } from '../../../shared/projects.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';
import {
  getProjects,
  PROJECTS_BASE,
  PROJECTS_KEY,
  projectKey,
  projectListKey,
  refreshProjects,
} from '../../lib/projects.ts';

export const projectsQueryOptions = (status?: ProjectStatus) =>
  queryOptions({
    queryKey: projectListKey(status),
    queryFn: () => getProjects(status),
    select: (body) => body.projects,
  });

export const useProjects = (status?: ProjectStatus) =>
  useQuery({ ...projectsQueryOptions(status), retry: notRetriedOnRefusal });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKey(id), queryFn: () => apiFetch<Project>(`${PROJECTS_BASE}/${id}`) });

export const useProject = (id: string, enabled = true) =>
  useQuery({ ...projectQueryOptions(id), enabled, retry: notRetriedOnRefusal });

const notesKey = (id: string) => [...PROJECTS_KEY, 'notes', id] as const;

export const useNotes = (id: string) =>
  useQuery({
    queryKey: notesKey(id),
    queryFn: () => apiFetch<{ notes: ProjectNote[] }>(`${PROJECTS_BASE}/${id}/notes`),
    select: (body) => body.notes,
    retry: notRetriedOnRefusal,
  });

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProjectPatch) =>
      apiFetch<Project>(`${PROJECTS_BASE}/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKey(id), project);
      void refreshProjects(queryClient);
    },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${PROJECTS_BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: projectKey(id) });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY, refetchType: 'active' });
    },
  });
}

export function useRemoveItem(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      apiFetch<void>(`${PROJECTS_BASE}/${projectId}/items/${itemId}`, { method: 'DELETE' }),
    onSuccess: (_, itemId) => {
      queryClient.setQueryData<Project>(projectKey(projectId), (project) =>
        project ? { ...project, items: project.items.filter((item) => item.id !== itemId) } : project,
      );
      void refreshProjects(queryClient);
    },
  });
}

export function useAddNote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<ProjectNote>(`${PROJECTS_BASE}/${projectId}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => refreshProjects(queryClient),
  });
}

export function useDeleteNote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      apiFetch<void>(`${PROJECTS_BASE}/${projectId}/notes/${noteId}`, { method: 'DELETE' }),
    onSuccess: () => refreshProjects(queryClient),
  });
}
