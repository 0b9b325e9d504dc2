import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseCatalogParams, toCatalogSearch, type CatalogState } from '../utils/catalog-params';

export interface UpdateOptions {
  /** Filters change the result set: back to page 1 (default true). */
  resetPage?: boolean;
  /** Replace the history entry instead of adding one (compare picks). */
  replace?: boolean;
}

/** The catalog's state lives in the URL query string; this reads and changes it. */
export function useCatalogState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseCatalogParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<CatalogState>, { resetPage = true, replace = false }: UpdateOptions = {}) => {
      const current = parseCatalogParams(searchParams);
      const next = toCatalogSearch({ ...current, ...(resetPage ? { page: 1 } : {}), ...changes });
      if (next.toString() === toCatalogSearch(current).toString()) return;
      // preventScrollReset: a filter change keeps the reader where they are.
      setSearchParams(next, { replace, preventScrollReset: true });
    },
    [searchParams, setSearchParams],
  );

  return { state, update };
}
