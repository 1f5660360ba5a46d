// The orders, a page of 4 at a time, the newest flagged on page 1; turning a page brings the top
// of the list into view and moves focus there.
import { useRef } from "react";
import type { OrderDto } from "../../../../worker/contracts/order";
import { useOrderPages } from "../use-order-pages";
import { OrderCard } from "./order-card";
import { OrdersPagination } from "./orders-pagination";

export function OrderList({ orders }: { orders: OrderDto[] }) {
  const pages = useOrderPages(orders);
  const listRef = useRef<HTMLElement>(null);

  const turnTo = (page: number) => {
    pages.setPage(page);
    listRef.current?.scrollIntoView?.({ block: "start" });
    listRef.current?.focus({ preventScroll: true });
  };

  return (
    <section ref={listRef} className="orders-list" aria-label="Orders" tabIndex={-1}>
      <p className="orders-count">
        {orders.length} {orders.length === 1 ? "order" : "orders"}
        {pages.pageCount > 1 ? `, page ${pages.page} of ${pages.pageCount}` : ""}
      </p>
      {pages.orders.map((order, index) => (
        <OrderCard key={order._id} order={order} latest={pages.page === 1 && index === 0} />
      ))}
      <OrdersPagination page={pages.page} pageCount={pages.pageCount} onPage={turnTo} />
    </section>
  );
}
