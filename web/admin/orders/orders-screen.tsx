// Orders: the queue to ship (GET /api/admin/orders). By default the paid orders not yet shipped,
// oldest first; filtered by status, searched by number, email or name, between two Brisbane days,
// 20 a page. Everything the view shows is in the address (orders/queue-params.ts).
import { useSearchParams } from "react-router-dom";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { useAdminTitle } from "../lib/use-admin-title";
import { fetchOrders } from "./api";
import { QueueList } from "./queue-list";
import { queueAddress, readQueue } from "./queue-params";
import { QueueToolbar } from "./queue-toolbar";
import "./orders.css";

export function OrdersScreen() {
  useAdminTitle("Orders");
  const [search] = useSearchParams();
  const params = readQueue(search);
  const list = useLoad(
    (signal) =>
      fetchOrders(
        {
          status: params.status,
          q: params.q || undefined,
          from: params.from || undefined,
          to: params.to || undefined,
          sort: params.sort,
          page: params.page,
        },
        signal,
      ),
    {
      key: queueAddress(params, { page: params.page }),
      keepWhileReloading: true,
      failure: { fallback: "The orders could not be loaded.", toast: false },
    },
  );
  return (
    <div className="admin-screen order-queue">
      <PageHeader title="Orders">
        <p className="admin-muted">
          Paid orders. Ship the oldest first: open one to mark it shipped, refund or cancel it.
        </p>
      </PageHeader>
      <QueueToolbar params={params} />
      {list.status === "loading" ? (
        <Loading label="Loading orders…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <QueueList answer={list.data} params={params} pending={list.pending} />
      )}
    </div>
  );
}
