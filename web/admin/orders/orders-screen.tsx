// Orders: the queue to ship (GET /api/admin/orders), on the list kit. By default the paid orders
// not yet shipped, oldest first (who has waited longest); every other view newest first, as the
// Worker reads it. Filtered by status, searched by number, email or name, between two Brisbane
// days, 20 a page; each order's page can come back to this very view of the queue.
import { Link, useLocation } from "react-router-dom";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderSummaryDto,
  defaultOrderSort,
  MAX_ORDER_SEARCH_LENGTH,
  OrderListQuery,
} from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { DataList, paged, statusTabs } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchOrders } from "./api";
import { OrderStatusPills, QUEUE_FILTER_LABELS } from "./order-status";
import "./orders.css";

/** What the order's page links back to: the queue as it was left. */
export interface FromQueue {
  queue: string;
}

const none = <span className="admin-muted">—</span>;

function orderColumns(from: FromQueue): Column<AdminOrderSummaryDto>[] {
  return [
    {
      header: "Order",
      className: "order-cell-number",
      cell: (order) => (
        <Link
          to={adminPaths.order(order._id)}
          state={from}
          className="admin-row-title order-number-link"
          aria-label={`Order #${order.number}`}
        >
          #{order.number}
        </Link>
      ),
    },
    {
      header: "Paid",
      labelled: true,
      className: "order-cell-paid",
      cell: (order) => {
        const paid = order.paidAt ?? order.createdAt;
        return <time dateTime={paid}>{formatShopMoment(paid)}</time>;
      },
    },
    {
      header: "Customer",
      className: "order-cell-customer",
      cell: (order) => (
        <>
          <span className="order-customer-name">{order.name || "—"}</span>
          <span className="admin-muted admin-break">{order.email}</span>
        </>
      ),
    },
    {
      header: "Items",
      labelled: true,
      className: "order-cell-items",
      cell: (order) => plural(order.itemCount, "item"),
    },
    {
      header: "Total",
      labelled: true,
      className: "order-cell-total",
      cell: (order) => (
        <>
          <strong>{formatDollars(order.total)}</strong>
          {order.refunded > 0 ? (
            <span className="admin-muted">−{formatDollars(order.refunded)} refunded</span>
          ) : null}
        </>
      ),
    },
    {
      header: "Status",
      className: "order-cell-status",
      cell: (order) => (
        <OrderStatusPills status={order.status} refunded={order.refunded} total={order.total} />
      ),
    },
    {
      header: "Code",
      labelled: true,
      className: "order-cell-code",
      cell: (order) =>
        order.affiliateCode ? (
          <span className="admin-code">{order.affiliateCode}</span>
        ) : (
          <>
            {none}
            <span className="visually-hidden">no code</span>
          </>
        ),
    },
  ];
}

export function OrdersScreen() {
  useAdminTitle("Orders");
  const location = useLocation();
  const { query, list } = useList(OrderListQuery, fetchOrders, {
    path: adminPaths.orders,
    implied: ({ status }) => ({ sort: defaultOrderSort(status) }),
    failed: "The orders could not be loaded.",
  });
  return (
    <div className="admin-screen order-queue">
      <PageHeader title="Orders">
        <p className="admin-muted">
          Paid orders. Ship the oldest first: open one to mark it shipped, refund or cancel it.
        </p>
      </PageHeader>
      <DataList
        query={query}
        noun="order"
        tabs={statusTabs(QUEUE_FILTER_LABELS, { all: false, resets: ["sort"] })}
        search={{
          label: "Search orders",
          className: "order-queue-search",
          fields: [
            {
              param: "q",
              label: "Order number, email or name",
              maxLength: MAX_ORDER_SEARCH_LENGTH,
            },
            { param: "from", label: "From", type: "date" },
            { param: "to", label: "To", type: "date" },
          ],
        }}
        selects={[
          {
            param: "sort",
            label: "Sort",
            options: [
              { value: "oldest", label: "Oldest first" },
              { value: "newest", label: "Newest first" },
            ],
          },
        ]}
        {...paged(list, (answer) => answer.orders, ADMIN_ORDERS_PAGE_SIZE)}
        columns={orderColumns({ queue: `${location.pathname}${location.search}` })}
        rowKey={(order) => order._id}
        tableClass="order-table"
        empty={({ status }) => {
          if (status === "all")
            return { title: "No orders yet.", hint: "Paid orders appear here." };
          const seeAll = {
            to: query.address({ status: "all", sort: undefined }),
            label: "See all orders",
          };
          return status === "unshipped"
            ? {
                title: "Nothing waiting to ship.",
                hint: "Paid orders that have not shipped yet appear here, oldest first.",
                action: seeAll,
              }
            : {
                title: `No orders with the status “${QUEUE_FILTER_LABELS[status]}”.`,
                action: seeAll,
              };
        }}
      />
    </div>
  );
}
