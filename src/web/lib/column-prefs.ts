import { useCallback, useState } from 'react';

/** Column id -> false when hidden; a column absent from the record is shown. */
export type ColumnPrefs = Record<string, boolean>;

/** The stored choices; anything unreadable (no storage, bad JSON, a value that is no boolean) counts as none. */
export function readColumnPrefs(storageKey: string): ColumnPrefs {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

/**
 * Which columns of a table the user hid, kept in this browser across visits under `storageKey` (each key is
 * listed in lib/session.ts LOCAL_STORAGE_KEYS).
 */
export function useColumnPrefs(storageKey: string): [ColumnPrefs, (next: ColumnPrefs) => void] {
  const [prefs, setPrefs] = useState(() => readColumnPrefs(storageKey));
  const update = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      try {
        localStorage.setItem(storageKey, JSON.stringify(next));
      } catch (err) {
        console.warn('Could not remember the table columns', err);
      }
    },
    [storageKey],
  );
  return [prefs, update];
}
