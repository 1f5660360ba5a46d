// The shop's routes (SPEC.md section 2), each a route module: its `meta`, its `loader` where the
// page needs data for its first HTML, and its screen. web/root.tsx is the document and the layout.
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "./lib/paths";

export default [
  index("routes/home.tsx"),
  route(paths.collection, "routes/collection.tsx"),
  route(paths.productRoute, "routes/product.tsx"),
  route(paths.cart, "routes/cart.tsx"),
  route(paths.blog, "routes/blog.tsx"),
  route(paths.contact, "routes/contact.tsx"),
  route(paths.placeOrder, "routes/place-order.tsx"),
  // Stripe returns here with ?success=true&session_id=...
  route(paths.orderPlaced, "routes/order-placed.tsx"),
  route(paths.orders, "routes/orders.tsx"),
  route(paths.login, "routes/login.tsx"),
  route(paths.signup, "routes/signup.tsx"),
  route(paths.forgotPassword, "routes/forgot-password.tsx"),
  // The Worker's reset email links here with ?token=...
  route(paths.resetPassword, "routes/reset-password.tsx"),
  route(paths.profile, "routes/profile.tsx"),
  route(paths.creatorSignup, "routes/creator-signup.tsx"),
  route(paths.creatorProfile, "routes/creator-profile.tsx"),
  route(paths.creatorPayoutRoute, "routes/payout-statement.tsx"),
  route(paths.notFoundRoute, "routes/not-found.tsx"),
] satisfies RouteConfig;
