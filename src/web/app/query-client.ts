import { QueryClient } from '@tanstack/react-query';

/** Spec 1 §9: fresh 300,000 ms, cached 600,000 ms, one retry, no refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 300_000, gcTime: 600_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** Whose data the cache holds. */
let cachedUserId: string | null = null;

/** Another account signing in on this browser starts from an empty cache (the app and /pricing share it). */
export function claimQueryCache(userId: string | null): void {
  if (userId === cachedUserId) return;
  queryClient.clear();
  cachedUserId = userId;
}
