// The route table. Screens load lazily, each in its own chunk; the layout ships with the app's start
// chunk (vite.config.ts), and each page's HTML already shows it (app/render-shell.tsx).
import type { RouteObject } from "react-router-dom";
import { PageLoading } from "../components/page-loading";
import { paths } from "../lib/paths";
import { Layout } from "./layout";
import { RouterErrorPage } from "./router-error-page";

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    errorElement: <RouterErrorPage />,
    children: [
      {
        index: true,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/home")).HomePage }),
      },
      {
        path: paths.collection,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/collection")).CollectionPage }),
      },
      {
        path: "/product/:productId",
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/product")).ProductPage }),
      },
      {
        path: paths.cart,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/cart")).CartPage }),
      },
      {
        path: paths.blog,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/blog")).BlogPage }),
      },
      {
        path: paths.contact,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/contact")).ContactPage }),
      },
      {
        path: paths.placeOrder,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/place-order")).PlaceOrderPage }),
      },
      {
        // Stripe returns here with ?success=true&session_id=...
        path: paths.orderPlaced,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/order-placed")).OrderPlacedPage }),
      },
      {
        path: paths.orders,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/orders")).OrdersPage }),
      },
      {
        path: paths.login,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/login")).LoginPage }),
      },
      {
        path: paths.signup,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/signup")).SignupPage }),
      },
      {
        path: paths.forgotPassword,
        HydrateFallback: PageLoading,
        lazy: async () => ({
          Component: (await import("../routes/forgot-password")).ForgotPasswordPage,
        }),
      },
      {
        // The Worker's reset email links here with ?token=...
        path: paths.resetPassword,
        HydrateFallback: PageLoading,
        lazy: async () => ({
          Component: (await import("../routes/reset-password")).ResetPasswordPage,
        }),
      },
      {
        path: paths.profile,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/profile")).ProfilePage }),
      },
      {
        path: paths.creatorSignup,
        HydrateFallback: PageLoading,
        lazy: async () => ({
          Component: (await import("../routes/creator-signup")).CreatorSignupPage,
        }),
      },
      {
        path: paths.creatorProfile,
        HydrateFallback: PageLoading,
        lazy: async () => ({
          Component: (await import("../routes/creator-profile")).CreatorProfilePage,
        }),
      },
      {
        path: "*",
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await import("../routes/not-found")).NotFoundPage }),
      },
    ],
  },
];
