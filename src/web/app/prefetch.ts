import type { Page } from './pages.tsx';

/** Spec 1 §7: what to fetch ahead, and when. */
export const PREFETCH_IDLE_FALLBACK_MS = 3000;
export const PREFETCH_RELATED_MS = 1500;
export const PREFETCH_HOVER_MS = 200;

/** Pages fetched when the browser is idle (or after 3 s): the ones a seller opens first. */
export const IDLE_PREFETCH_PATHS = [
  '/sales-account-development',
  '/sales-account-development/research',
  '/account-management',
  '/instant-sales-answers',
  '/sales-knowledge-agent',
] as const;

/** The pages a visitor usually opens next from each page. */
export const RELATED_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/': ['/enhanced-pricing', '/product'],
  '/auth': ['/enhanced-pricing', '/product'],
  '/login': ['/enhanced-pricing', '/product'],
  '/product': ['/enhanced-pricing', '/company'],
  '/enhanced-pricing': ['/pricing', '/product'],
  '/pricing': ['/enhanced-pricing'],
  '/company': ['/contact', '/product'],
};

type Resolve = (path: string) => Page | undefined;

const fetched = new Set<Page>();

export function prefetchPath(resolve: Resolve, path: string): void {
  const page = resolve(path);
  if (!page || fetched.has(page)) return;
  fetched.add(page);
  page.load().catch((err) => {
    fetched.delete(page);
    console.warn('Prefetch failed for', path, err);
  });
}

/** Starts idle prefetching and hover prefetching; returns a cleanup. */
export function startPrefetching(resolve: Resolve): () => void {
  const idle = () => {
    for (const path of IDLE_PREFETCH_PATHS) prefetchPath(resolve, path);
  };
  const fallback = window.setTimeout(idle, PREFETCH_IDLE_FALLBACK_MS);
  const idleHandle =
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => {
          window.clearTimeout(fallback);
          idle();
        })
      : null;

  let hoverTimer: number | undefined;
  const onOver = (event: PointerEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
    window.clearTimeout(hoverTimer);
    hoverTimer = window.setTimeout(() => prefetchPath(resolve, anchor.pathname), PREFETCH_HOVER_MS);
  };
  const onOut = () => window.clearTimeout(hoverTimer);
  document.addEventListener('pointerover', onOver);
  document.addEventListener('pointerout', onOut);
  return () => {
    window.clearTimeout(fallback);
    if (idleHandle !== null) window.cancelIdleCallback(idleHandle);
    window.clearTimeout(hoverTimer);
    document.removeEventListener('pointerover', onOver);
    document.removeEventListener('pointerout', onOut);
  };
}

/** After 1.5 s on a page, fetch the pages usually opened next from it. */
export function prefetchRelated(resolve: Resolve, path: string): () => void {
  const timer = window.setTimeout(() => {
    for (const next of RELATED_PAGES[path] ?? []) prefetchPath(resolve, next);
  }, PREFETCH_RELATED_MS);
  return () => window.clearTimeout(timer);
}
