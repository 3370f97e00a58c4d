/**
 * Prospects from anywhere: adding one (the company page, People Finder's contact drawer), the pipeline at a
 * glance (the home hub), and the query keys the prospects feature keeps its data under, so a change shows up
 * there at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddedProspect, ProspectCreate, ProspectList } from '../../shared/prospects.ts';
import { apiFetch } from './api.ts';
import { toast, toastFailure } from './toast.ts';

export const PROSPECTS_KEY = ['prospects'] as const;
export const prospectKey = (id: string) => [...PROSPECTS_KEY, 'detail', id] as const;
export const prospectListKey = [...PROSPECTS_KEY, 'list'] as const;
export const prospectPath = (id: string) => `/prospect/${id}`;

export const addProspect = (input: ProspectCreate) =>
  apiFetch<AddedProspect>('/api/v1/prospects', { method: 'POST', body: input });

/** Finds or creates the prospect, then says which it was with a link to open it. */
export function useAddProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProspect,
    onSuccess: ({ created, ...prospect }) => {
      queryClient.setQueryData(prospectKey(prospect.id), prospect);
      void queryClient.invalidateQueries({ queryKey: prospectListKey });
      toast({
        title: created ? 'Added to prospects' : 'Already a prospect',
        description: created
          ? `${prospect.name} is now tracked with its forecast and deal momentum.`
          : `${prospect.name} was in your prospects already.`,
        action: { label: 'Open', href: prospectPath(prospect.id) },
      });
    },
    onError: (err) => toastFailure('Could not add to prospects', err),
  });
}

export const ACCOUNT_MANAGEMENT_PATH = '/account-management';

/** How many prospects there are and the pipeline their forecasts add up to (the list's totals, no rows). */
export const usePipelineSummary = () =>
  useQuery({
    queryKey: [...prospectListKey, 'summary'],
    queryFn: () => apiFetch<ProspectList>('/api/v1/prospects?limit=1'),
    select: ({ total, totals }) => ({ total, totals }),
  });
