// The route table. Screens load lazily, each in its own chunk; the layout ships with the app's start
// chunk (vite.config.ts), and each page's HTML already shows it (app/render-shell.tsx).
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PageLoading } from "../components/page-loading";
import { nextTask } from "../lib/next-task";
import { paths } from "../lib/paths";
import { Layout } from "./layout";
import { RouterErrorPage } from "./router-error-page";

/**
 * A screen's route: its code loads lazily, starting in a new task, so building the router (and a
 * navigation's click) is not one long task with loading it. The loading spinner shows until then.
 */
function screen(load: () => Promise<ComponentType>) {
  return {
    HydrateFallback: PageLoading,
    lazy: async () => {
      await nextTask();
      return { Component: await load() };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    errorElement: <RouterErrorPage />,
    children: [
      {
        index: true,
        ...screen(async () => (await import("../routes/home")).HomePage),
      },
      {
        path: paths.collection,
        ...screen(async () => (await import("../routes/collection")).CollectionPage),
      },
      {
        path: paths.productRoute,
        ...screen(async () => (await import("../routes/product")).ProductPage),
      },
      {
        path: paths.cart,
        ...screen(async () => (await import("../routes/cart")).CartPage),
      },
      {
        path: paths.blog,
        ...screen(async () => (await import("../routes/blog")).BlogPage),
      },
      {
        path: paths.contact,
        ...screen(async () => (await import("../routes/contact")).ContactPage),
      },
      {
        path: paths.placeOrder,
        ...screen(async () => (await import("../routes/place-order")).PlaceOrderPage),
      },
      {
        // Stripe returns here with ?success=true&session_id=...
        path: paths.orderPlaced,
        ...screen(async () => (await import("../routes/order-placed")).OrderPlacedPage),
      },
      {
        path: paths.orders,
        ...screen(async () => (await import("../routes/orders")).OrdersPage),
      },
      {
        path: paths.login,
        ...screen(async () => (await import("../routes/login")).LoginPage),
      },
      {
        path: paths.signup,
        ...screen(async () => (await import("../routes/signup")).SignupPage),
      },
      {
        path: paths.forgotPassword,
        ...screen(async () => (await import("../routes/forgot-password")).ForgotPasswordPage),
      },
      {
        // The Worker's reset email links here with ?token=...
        path: paths.resetPassword,
        ...screen(async () => (await import("../routes/reset-password")).ResetPasswordPage),
      },
      {
        path: paths.profile,
        ...screen(async () => (await import("../routes/profile")).ProfilePage),
      },
      {
        path: paths.creatorSignup,
        ...screen(async () => (await import("../routes/creator-signup")).CreatorSignupPage),
      },
      {
        path: paths.creatorProfile,
        ...screen(async () => (await import("../routes/creator-profile")).CreatorProfilePage),
      },
      {
        path: paths.creatorPayoutRoute,
        ...screen(async () => (await import("../routes/payout-statement")).PayoutStatementPage),
      },
      {
        path: paths.notFoundRoute,
        ...screen(async () => (await import("../routes/not-found")).NotFoundPage),
      },
    ],
  },
];

/**
 * Loads the code of the screen at route `path` (the page's frame, app/frame.ts) into its route, so
 * a router built afterwards starts with the screen in place: it has nothing to load, and building
 * it is a short task. A failure is left to the router, which tries again and shows its error page.
 */
export async function preloadScreen(path: string): Promise<void> {
  const route = routes[0]?.children?.find(
    (child) => (child.index ? paths.home : child.path) === path,
  );
  if (typeof route?.lazy !== "function") return;
  try {
    Object.assign(route, await route.lazy());
    delete route.lazy;
  } catch {}
}
