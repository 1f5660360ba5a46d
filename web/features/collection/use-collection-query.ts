// The address is the collection's state: a shared link restores it, and every user action
// pushes a history entry so Back returns to the previous filters, search, sort and page.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import {
  type CollectionQuery,
  parseCollectionParams,
  toCollectionParams,
} from "./collection-query";

export interface CollectionQueryState {
  query: CollectionQuery;
  /** Pushes a history entry unless told to replace the current one. */
  setQuery: (next: CollectionQuery, options?: { replace?: boolean }) => void;
}

export function useCollectionQuery(): CollectionQueryState {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCollectionParams(params), [params]);
  const setQuery = useCallback(
    (next: CollectionQuery, { replace = false } = {}) =>
      setParams(toCollectionParams(next), { replace, preventScrollReset: true }),
    [setParams],
  );
  return { query, setQuery };
}

/**
 * New data starts again at page 1 (SPEC.md). The first arrival of the list is not a change: a
 * shared link to page 3 must still open on page 3.
 */
export function useResetPageOnNewData(data: unknown, { query, setQuery }: CollectionQueryState) {
  const seen = useRef(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list is the trigger.
  useEffect(() => {
    const before = seen.current;
    seen.current = data;
    if (before !== undefined && data !== undefined && before !== data && query.page !== 1) {
      setQuery({ ...query, page: 1 }, { replace: true });
    }
  }, [data]);
}
