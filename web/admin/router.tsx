// The back-office's route table (under ADMIN_BASE). Its screens are imported statically, so the
// back-office is one chunk (33.6 kB gzip with orders, inbox and reports) beside the shop's start chunk. Lazy screens would
// each reach the shop's shared modules (contracts, valibot) from an entry of their own, and the
// build would cut the shop's chunks finer for it: measured, one more file on most shop pages.
import { Navigate, type RouteObject } from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { AdminGate } from "./gate/admin-gate";
import { AdminLayout } from "./layout/admin-layout";
import { adminPaths } from "./paths";
import { ActivityScreen } from "./screens/activity";
import { CategoriesScreen } from "./screens/categories";
import { CommissionReviewScreen } from "./screens/commission-review";
import { CreatorsScreen } from "./screens/creators";
import { DashboardScreen } from "./screens/dashboard";
import { AdminErrorPage } from "./screens/error-page";
import { GstReportScreen } from "./screens/gst-report";
import { InboxScreen } from "./screens/inbox";
import { LowStockScreen } from "./screens/low-stock";
import { AdminNotFoundScreen } from "./screens/not-found";
import { OrderScreen } from "./screens/order";
import { OrdersScreen } from "./screens/orders";
import { PackingSlipScreen } from "./screens/packing-slip";
import { PayoutScreen } from "./screens/payout";
import { PayoutsScreen } from "./screens/payouts";
import { NewProductScreen, ProductEditorScreen } from "./screens/product-editor";
import { ProductsScreen } from "./screens/products";
import { SecurityScreen } from "./screens/security";

/** Toasts sit bottom-right like the shop's, but stay long enough to read what went wrong. */
export const ADMIN_TOAST_AUTO_CLOSE_MS = 4000;

function Root() {
  return (
    <>
      <AdminGate>
        <AdminLayout />
      </AdminGate>
      <ToastContainer position="bottom-right" autoClose={ADMIN_TOAST_AUTO_CLOSE_MS} />
    </>
  );
}

export const adminRoutes: RouteObject[] = [
  {
    path: adminPaths.home,
    Component: Root,
    errorElement: <AdminErrorPage />,
    children: [
      { index: true, element: <Navigate to={adminPaths.dashboard} replace /> },
      {
        path: adminPaths.dashboard,
        Component: DashboardScreen,
      },
      {
        path: adminPaths.orders,
        Component: OrdersScreen,
      },
      {
        path: adminPaths.orderRoute,
        Component: OrderScreen,
      },
      {
        path: adminPaths.packingSlipRoute,
        Component: PackingSlipScreen,
      },
      {
        path: adminPaths.creators,
        Component: CreatorsScreen,
      },
      {
        path: adminPaths.commissionReview,
        Component: CommissionReviewScreen,
      },
      {
        path: adminPaths.payouts,
        Component: PayoutsScreen,
      },
      {
        path: adminPaths.payoutRoute,
        Component: PayoutScreen,
      },
      {
        path: adminPaths.inbox,
        Component: InboxScreen,
      },
      {
        path: adminPaths.reports,
        Component: GstReportScreen,
      },
      {
        path: adminPaths.products,
        Component: ProductsScreen,
      },
      {
        path: adminPaths.newProduct,
        Component: NewProductScreen,
      },
      {
        path: adminPaths.productRoute,
        Component: ProductEditorScreen,
      },
      {
        path: adminPaths.categories,
        Component: CategoriesScreen,
      },
      {
        path: adminPaths.lowStock,
        Component: LowStockScreen,
      },
      {
        path: adminPaths.activity,
        Component: ActivityScreen,
      },
      {
        path: adminPaths.security,
        Component: SecurityScreen,
      },
      {
        path: "*",
        Component: AdminNotFoundScreen,
      },
    ],
  },
];
