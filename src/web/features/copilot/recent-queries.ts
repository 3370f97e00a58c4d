/**
 * Spec 3 §3, §9: the last requests typed to the copilot, kept in this browser under `recent_queries`: at most
 * 5, newest first, the same request (in any case) kept once. A storage failure is logged and ignored (spec 3 §8).
 */
import { useSyncExternalStore } from 'react';
import { type Analysis, RECENT_QUERIES_MAX, type SuggestedAgent } from '../../../shared/copilot.ts';

export type RecentQuery = {
  id: string;
  query: string;
  timestamp: string;
  analysis: Analysis | null;
  /** Where the request led (the hand-off's address), when it led somewhere. */
  queryResult: string | null;
  suggestedAgent: SuggestedAgent | null;
};

const KEY = 'recent_queries';
const listeners = new Set<() => void>();
/** The list as last parsed, and the stored text it came from (logout clears the key behind our back). */
let cache: { raw: string | null; queries: RecentQuery[] } = { raw: null, queries: [] };

function read(): RecentQuery[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch (err) {
    console.warn('Could not read the recent queries:', err);
  }
  if (raw === cache.raw) return cache.queries;
  let queries: RecentQuery[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) {
      queries = parsed.filter(
        (q): q is RecentQuery => typeof q?.query === 'string' && typeof q?.id === 'string',
      );
    }
  } catch (err) {
    console.warn('Ignoring unreadable recent queries:', err);
  }
  cache = { raw, queries };
  return queries;
}

/** Adds a request at the top; an earlier one with the same words (any case) moves up instead of repeating. */
export function addRecentQuery(entry: Omit<RecentQuery, 'id' | 'timestamp'>): void {
  const query = entry.query.trim();
  if (!query) return;
  const next = [
    { ...entry, query, id: crypto.randomUUID(), timestamp: new Date().toISOString() },
    ...read().filter((q) => q.query.toLowerCase() !== query.toLowerCase()),
  ].slice(0, RECENT_QUERIES_MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch (err) {
    console.warn('Could not save the recent queries:', err);
  }
  for (const listener of listeners) listener();
}

const EMPTY: RecentQuery[] = [];

export function useRecentQueries(): RecentQuery[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === KEY || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    () => EMPTY,
  );
}
