import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../shared/app-nav.ts';

const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** True at 768 px and wider (spec 1 §2.10); false before the first client render. */
export function useIsDesktop(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const query = window.matchMedia(DESKTOP_QUERY);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
}
