import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's state read from and written to the address (a research table's search): each change is a new
 * history entry, so back and forward step through the searches, and a copied address opens the same page.
 * `write` replaces the page's own parameters and keeps any other one (`source=sidebar`).
 */
export function useAddressState<T>(
  parse: (params: URLSearchParams) => T,
  write: (state: T, current: URLSearchParams) => URLSearchParams,
): [T, (change: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [parse, params]);
  const update = useCallback(
    (change: Partial<T>) => setParams((current) => write({ ...parse(current), ...change }, current)),
    [parse, write, setParams],
  );
  return [state, update];
}
