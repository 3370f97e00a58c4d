import { useEffect } from 'react';
import { DESKTOP_AUTO_CLOSE_MS } from '../../../shared/app-nav.ts';
import { useIsDesktop } from '../../lib/use-is-desktop.ts';

/** Spec 1 §2.10: a mobile menu left open closes itself 100 ms after the window reaches desktop width. */
export function useCloseOnDesktop(open: boolean, close: () => void): void {
  const isDesktop = useIsDesktop();
  useEffect(() => {
    if (!open || !isDesktop) return;
    const timer = window.setTimeout(close, DESKTOP_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, isDesktop, close]);
}
