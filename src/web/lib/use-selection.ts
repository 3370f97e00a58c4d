import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';

/**
 * The rows ticked in a results list. The selection belongs to one search (`key`): a new search starts with
 * none, and going back to the old one does not bring the old ticks back.
 */
export function useSelection(key: string) {
  const [picked, setPicked] = useState<{ key: string; rows: RowSelectionState }>({ key, rows: {} });
  const selection = picked.key === key ? picked.rows : {};
  const setSelection = (rows: RowSelectionState) => setPicked({ key, rows });
  const selectedIds = Object.keys(selection).filter((rowId) => selection[rowId]);
  return { selection, setSelection, selectedIds };
}
