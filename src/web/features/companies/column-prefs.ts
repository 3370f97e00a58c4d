import { useCallback, useState } from 'react';

/** Which research-table columns the user hid (listed in lib/session.ts LOCAL_STORAGE_KEYS). */
export const COLUMN_PREFS_KEY = 'company-research-columns';

/** Column id -> false when hidden; a column absent from the record is shown. */
export type ColumnPrefs = Record<string, boolean>;

function read(): ColumnPrefs {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(COLUMN_PREFS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

/** The column choice, kept in this browser across visits. */
export function useColumnPrefs(): [ColumnPrefs, (next: ColumnPrefs) => void] {
  const [prefs, setPrefs] = useState(read);
  const update = useCallback((next: ColumnPrefs) => {
    setPrefs(next);
    try {
      localStorage.setItem(COLUMN_PREFS_KEY, JSON.stringify(next));
    } catch (err) {
      console.warn('Could not remember the table columns', err);
    }
  }, []);
  return [prefs, update];
}
