// The orders page's paging (SPEC.md section 9): newest first, 4 to a page, back to page 1
// whenever the number of orders changes.
import { useMemo, useState } from "react";
import type { OrderDto } from "../../../worker/contracts/order";
import { newestFirst } from "./order-format";

export const ORDERS_PER_PAGE = 4;

export function useOrderPages(orders: readonly OrderDto[]) {
  const sorted = useMemo(() => newestFirst(orders), [orders]);
  const [page, setPage] = useState(1);
  const [seenCount, setSeenCount] = useState(sorted.length);
  // Adjusting state while rendering (not in an effect) so a stale page never paints.
  if (seenCount !== sorted.length) {
    setSeenCount(sorted.length);
    setPage(1);
  }
  const pageCount = Math.max(1, Math.ceil(sorted.length / ORDERS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const start = (current - 1) * ORDERS_PER_PAGE;
  return {
    page: current,
    pageCount,
    setPage,
    orders: sorted.slice(start, start + ORDERS_PER_PAGE),
  };
}
