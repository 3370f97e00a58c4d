import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { DESKTOP_AUTO_CLOSE_MS, MOBILE_BREAKPOINT_PX } from '../../../shared/app-nav.ts';

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

/** Spec 1 §2.10: a mobile menu left open closes itself 100 ms after the window reaches desktop width. */
export function useCloseOnDesktop(open: boolean, close: () => void): void {
  const isDesktop = useIsDesktop();
  useEffect(() => {
    if (!open || !isDesktop) return;
    const timer = window.setTimeout(close, DESKTOP_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, isDesktop, close]);
}
