import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IcpSegmentInput, Profile, ProfileUpdate } from '../../shared/profile.ts';
import { apiFetch } from './api.ts';

export const getProfile = () => apiFetch<Profile>('/api/v1/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });

/** Spec 1 §4: onboarding is needed when there is no profile or it is not completed. */
export const needsOnboarding = (profile: Profile | undefined) => !profile?.onboardingCompleted;

type Change =
  | { kind: 'update'; update: ProfileUpdate }
  | { kind: 'add-segment'; segment: IcpSegmentInput }
  | { kind: 'update-segment'; id: string; segment: Partial<IcpSegmentInput> }
  | { kind: 'delete-segment'; id: string }
  | { kind: 'toggle-segment'; id: string };

function send(change: Change): Promise<Profile> {
  const segments = '/api/v1/profile/icp-segments';
  switch (change.kind) {
    case 'update':
      return apiFetch('/api/v1/profile', { method: 'PATCH', body: change.update });
    case 'add-segment':
      return apiFetch(segments, { method: 'POST', body: change.segment });
    case 'update-segment':
      return apiFetch(`${segments}/${change.id}`, { method: 'PATCH', body: change.segment });
    case 'delete-segment':
      return apiFetch(`${segments}/${change.id}`, { method: 'DELETE' });
    case 'toggle-segment':
      return apiFetch(`${segments}/${change.id}/toggle`, { method: 'POST' });
  }
}

/** Every profile change; on success the profile is refetched (spec 1 §4). */
export function useProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      return queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
