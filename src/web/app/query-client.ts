import { QueryClient } from '@tanstack/react-query';

/** Spec 1 §9: fresh 300,000 ms, cached 600,000 ms, one retry, no refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 300_000, gcTime: 600_000, retry: 1, refetchOnWindowFocus: false },
  },
});
