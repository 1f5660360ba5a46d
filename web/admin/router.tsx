// The back-office's route table (under ADMIN_BASE). Its screens are imported statically, so the
// back-office is one chunk (33.6 kB gzip with orders, inbox and reports) beside the shop's start chunk. Lazy screens would
// each reach the shop's shared modules (contracts, valibot) from an entry of their own, and the
// build would cut the shop's chunks finer for it: measured, one more file on most shop pages.
import { Navigate, type RouteObject } from "react-router-dom";
import { ActivityScreen } from "./activity/activity-screen";
import { CategoriesScreen } from "./categories/categories-screen";
import { CommissionReviewScreen } from "./commissions/commission-review-screen";
import { CreatorsScreen } from "./creators/creators-screen";
import { DashboardScreen } from "./dashboard/dashboard-screen";
import { AdminGate } from "./gate/admin-gate";
import { InboxScreen } from "./inbox/inbox-screen";
import { AdminLayout } from "./layout/admin-layout";
import { AdminErrorPage } from "./layout/error-page";
import { AdminNotFoundScreen } from "./layout/not-found";
import { OrderScreen } from "./orders/order-screen";
import { OrdersScreen } from "./orders/orders-screen";
import { PackingSlipScreen } from "./orders/packing-slip-screen";
import { adminPaths } from "./paths";
import { PayoutScreen } from "./payouts/payout-screen";
import { PayoutsScreen } from "./payouts/payouts-screen";
import { LowStockScreen } from "./products/low-stock-screen";
import { NewProductScreen, ProductEditorScreen } from "./products/product-editor-screen";
import { ProductsScreen } from "./products/products-screen";
import { NewPromotionScreen, PromotionScreen } from "./promotions/promotion-screen";
import { PromotionsScreen } from "./promotions/promotions-screen";
import { GstReportScreen } from "./reports/gst-report-screen";
import { SecurityScreen } from "./settings/security-screen";

function Root() {
  return (
    <AdminGate>
      <AdminLayout />
    </AdminGate>
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
        path: adminPaths.promotions,
        Component: PromotionsScreen,
      },
      {
        path: adminPaths.newPromotion,
        Component: NewPromotionScreen,
      },
      {
        path: adminPaths.promotionRoute,
        Component: PromotionScreen,
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
