import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CompanySearch, parseSearch, toWebParams } from './search-params.ts';

/**
 * The research table's search, read from and written to the address: each change is a new history entry,
 * so back and forward step through the searches, and a copied address opens the same table.
 */
export function useSearchState(): [CompanySearch, (change: Partial<CompanySearch>) => void] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseSearch(params), [params]);
  const update = useCallback(
    (change: Partial<CompanySearch>) =>
      setParams((current) => toWebParams({ ...parseSearch(current), ...change }, current)),
    [setParams],
  );
  return [search, update];
}
