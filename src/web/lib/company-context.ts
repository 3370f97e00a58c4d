import { useSyncExternalStore } from 'react';
import {
  type CompanyContext,
  parseCompanyContext,
  withoutCompanyContext,
} from '../../shared/company-context.ts';

let context: CompanyContext | null = null;
let loaded = false;
const listeners = new Set<() => void>();

/** Spec 1 §4: set once, from the address the app was opened at; a parse failure is only logged. */
export function loadCompanyContext(search: string): void {
  if (loaded) return;
  loaded = true;
  try {
    context = parseCompanyContext(search);
  } catch (err) {
    console.warn('Ignoring the companies query parameter:', err instanceof Error ? err.message : err);
  }
  for (const listener of listeners) listener();
}

/** Empties the context and removes its parameters from the address. */
export function clearCompanyContext(): void {
  context = null;
  const url = new URL(window.location.href);
  window.history.replaceState(
    window.history.state,
    '',
    `${url.pathname}${withoutCompanyContext(url.search)}${url.hash}`,
  );
  for (const listener of listeners) listener();
}

export function useCompanyContext(): CompanyContext | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => context,
    () => null,
  );
}
