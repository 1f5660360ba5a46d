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

/** What a search answered for a set of filters: its request without the page, and the total. */
export interface AnsweredTotal {
  filters: string;
  total: number;
}

/**
 * New data starts again at page 1 (SPEC.md): the same filters answering another total mean the
 * catalogue changed under the pages. Another page of the same total, or other filters (which
 * start at page 1 themselves, or are history that must come back on its own page), is no change;
 * so a shared link to page 3 still opens on page 3.
 */
export function useResetPageOnNewData(
  answered: AnsweredTotal | undefined,
  { query, setQuery }: CollectionQueryState,
) {
  const filters = answered?.filters;
  const total = answered?.total;
  const seen = useRef(answered);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer is the trigger.
  useEffect(() => {
    const before = seen.current;
    if (filters === undefined || total === undefined) return;
    seen.current = { filters, total };
    if (before?.filters === filters && before.total !== total && query.page !== 1) {
      setQuery({ ...query, page: 1 }, { replace: true });
    }
  }, [filters, total]);
}
