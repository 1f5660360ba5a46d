// Every in-app address in one table, so a renamed route is a one-line change: the links, and the
// router's patterns (app/router.tsx) for the addresses that carry a parameter, next to their builders.

export const paths = {
  home: "/",
  collection: "/collection",
  collectionSearch: "/collection#search",
  collectionCategory: (category: string) => `/collection?category=${encodeURIComponent(category)}`,
  blog: "/blog",
  contact: "/contact",
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  /** The router's pattern for `product`; `productId` is the screen's `useParams()` key. */
  productRoute: "/product/:productId",
  cart: "/cart",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  placeOrder: "/place-order",
  orderPlaced: "/order-placed",
  orders: "/orders",
  profile: "/profile",
  creatorProfile: "/creator-profile",
  /** A paid payout's statement (GET /api/payouts/:id/statement). */
  creatorPayout: (payoutId: string) => `/creator-profile/payouts/${encodeURIComponent(payoutId)}`,
  /** The router's pattern for `creatorPayout`; `payoutId` is the screen's `useParams()` key. */
  creatorPayoutRoute: "/creator-profile/payouts/:payoutId",
  creatorSignup: "/creator-signup",
  /** The router's pattern for every address no other route matches. */
  notFoundRoute: "*",
} as const;
