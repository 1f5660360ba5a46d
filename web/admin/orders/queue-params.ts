// The order queue's state in the address (status, search, dates, sort, page), so a filtered queue
// can be reloaded, shared and gone back to. Defaults stay out of the address: /admin/orders is the
// unshipped orders, oldest first (who has waited longest); every other view reads newest first, as
// the Worker does. Each request names every parameter, so what the screen says is what it asked.
import {
  ORDER_QUEUE_FILTERS,
  ORDER_SORTS,
  type OrderQueueFilter,
  type OrderSort,
} from "../../../worker/contracts/admin-orders";
import { adminPaths } from "../paths";

export interface QueueParams {
  status: OrderQueueFilter;
  q: string;
  from: string;
  to: string;
  sort: OrderSort;
  page: number;
}

export const DEFAULT_QUEUE: QueueParams = {
  status: "unshipped",
  q: "",
  from: "",
  to: "",
  sort: "oldest",
  page: 1,
};

/** A view's own order: the queue to ship oldest first, any other view newest first. */
export const defaultSort = (status: OrderQueueFilter): OrderSort =>
  status === "unshipped" ? "oldest" : "newest";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  (options as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

export function readQueue(search: URLSearchParams): QueueParams {
  const page = Number(search.get("page") ?? "1");
  const day = (name: string) => {
    const value = search.get(name) ?? "";
    return DAY.test(value) ? value : "";
  };
  const status = pick(ORDER_QUEUE_FILTERS, search.get("status"), DEFAULT_QUEUE.status);
  return {
    status,
    q: search.get("q")?.trim() ?? "",
    from: day("from"),
    to: day("to"),
    sort: pick(ORDER_SORTS, search.get("sort"), defaultSort(status)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The queue's query with some parameters changed; any change but the page starts at page 1, and
 * another status starts in its own order.
 */
export function queueSearch(current: QueueParams, change: Partial<QueueParams>): URLSearchParams {
  const status = change.status ?? current.status;
  const sort = change.sort ?? (status === current.status ? current.sort : defaultSort(status));
  const next: QueueParams = { ...current, page: 1, ...change, status, sort };
  const search = new URLSearchParams();
  for (const name of ["status", "q", "from", "to"] as const) {
    if (next[name] !== DEFAULT_QUEUE[name]) search.set(name, next[name]);
  }
  if (next.sort !== defaultSort(next.status)) search.set("sort", next.sort);
  if (next.page > 1) search.set("page", String(next.page));
  return search;
}

export function queueAddress(current: QueueParams, change: Partial<QueueParams> = {}): string {
  const text = queueSearch(current, change).toString();
  return text ? `${adminPaths.orders}?${text}` : adminPaths.orders;
}

/** The queue differs from its default view in what it lists (not merely its order or page). */
export const isFiltered = (params: QueueParams): boolean =>
  params.status !== DEFAULT_QUEUE.status || Boolean(params.q || params.from || params.to);
