import { useCallback, useSyncExternalStore } from 'react';

/** The editor's two columns (list and question) from Tailwind's `lg` (1024 px); one at a time below. */
const WIDE_QUERY = '(min-width: 1024px)';

export function useIsWide(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const query = window.matchMedia(WIDE_QUERY);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}
