// Every back-office address in one table (the shop's are in lib/paths.ts). The router runs under
// ADMIN_BASE, so these are relative to it: <Link to={adminPaths.products}> goes to /admin/products.

/** Where the back-office lives; web/dist/_redirects serves admin.html for every address under it. */
export const ADMIN_BASE = "/admin";

export const adminPaths = {
  home: "/",
  dashboard: "/dashboard",
  orders: "/orders",
  order: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
  /** The router's pattern for `order`; `orderId` is the screen's `useParams()` key. */
  orderRoute: "/orders/:orderId",
  packingSlip: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/packing-slip`,
  packingSlipRoute: "/orders/:orderId/packing-slip",
  creators: "/creators",
  /** Commissions held as possible self-referral; `?review=released|rejected` for the decided. */
  commissionReview: "/creators/review",
  payouts: "/payouts",
  payout: (payoutId: string) => `/payouts/${encodeURIComponent(payoutId)}`,
  /** The router's pattern for `payout`; `payoutId` is the screen's `useParams()` key. */
  payoutRoute: "/payouts/:payoutId",
  inbox: "/inbox",
  reports: "/reports/gst",
  products: "/products",
  newProduct: "/products/new",
  product: (productId: string) => `/products/${encodeURIComponent(productId)}`,
  /** The router's pattern for `product`; `productId` is the screen's `useParams()` key. */
  productRoute: "/products/:productId",
  categories: "/categories",
  promotions: "/promotions",
  newPromotion: "/promotions/new",
  promotion: (promotionId: string) => `/promotions/${encodeURIComponent(promotionId)}`,
  /** The router's pattern for `promotion`; `promotionId` is the screen's `useParams()` key. */
  promotionRoute: "/promotions/:promotionId",
  lowStock: "/stock",
  activity: "/audit",
  security: "/security",
} as const;
