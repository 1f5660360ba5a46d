// The Hono application: middleware, feature routes, and the one error shape for every failure.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { createCatalogueDb, createDb } from "./db/client";
import { handleError, handleNotFound } from "./http/errors";
import { securityHeaders } from "./http/security-headers";
import { AppError } from "./lib/app-error";
import type { AppEnv } from "./middleware/app-env";
import { adminRoutes } from "./routes/admin";
import { isImageUpload } from "./routes/admin/product-images";
import { blogRoutes } from "./routes/blogs";
import { cartRoutes } from "./routes/cart";
import { categoryRoutes } from "./routes/category";
import { contactRoutes } from "./routes/contact";
import { devApiRoutes, devPageRoutes } from "./routes/dev";
import { faqRoutes } from "./routes/faq";
import { imageRoutes } from "./routes/images";
import { logoutRoutes } from "./routes/logout";
import { newsletterRoutes } from "./routes/newsletter";
import { orderRoutes } from "./routes/order";
import { renderPage } from "./routes/pages";
import { payoutRoutes } from "./routes/payouts";
import { productRoutes } from "./routes/product";
import { promotionRoutes } from "./routes/promotions";
import { referralRoutes } from "./routes/r";
import { refreshRoutes } from "./routes/refresh";
import { robotsRoutes } from "./routes/robots";
import { sitemapRoutes } from "./routes/sitemap";
import { sitemapsRoutes } from "./routes/sitemaps";
import { stripeWebhookRoutes } from "./routes/stripe";
import { userRoutes } from "./routes/user";

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp() {
  const app = new Hono<AppEnv>();

  app.use(securityHeaders());
  app.use("/api/*", (c, next) =>
    cors({
      // Only the shop's own pages may call the API from a browser with credentials.
      origin: (origin) => (origin === c.env.APP_ORIGIN ? origin : null),
      credentials: true,
      allowHeaders: ["Content-Type", "token"],
      allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
      maxAge: 600,
    })(c, next),
  );
  const apiBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError(413, "Request body is larger than 64 kB", "payload_too_large");
    },
  });
  // A photo upload has its own, larger limit, enforced by its route after the admin check.
  app.use("/api/*", (c, next) =>
    isImageUpload(c.req.method, c.req.path) ? next() : apiBodyLimit(c, next),
  );
  app.use(async (c, next) => {
    c.set("db", createDb(c.env.DB));
    c.set("catalogueDb", createCatalogueDb(c.env.DB));
    await next();
  });

  const routes = app
    .get("/api/health", (c) => c.json({ success: true, status: "ok" }))
    .route("/api/product", productRoutes)
    .route("/api/category", categoryRoutes)
    .route("/api/blogs", blogRoutes)
    .route("/api/faq", faqRoutes)
    .route("/api/refresh", refreshRoutes)
    .route("/api/logout", logoutRoutes)
    .route("/api/user", userRoutes)
    .route("/api/admin", adminRoutes)
    .route("/api/cart", cartRoutes)
    .route("/api/order", orderRoutes)
    .route("/api/payouts", payoutRoutes)
    .route("/api/promotions", promotionRoutes)
    .route("/api/stripe", stripeWebhookRoutes)
    .route("/api/newsletter", newsletterRoutes)
    .route("/api/contact", contactRoutes)
    .route("/api/dev", devApiRoutes)
    .route("/dev", devPageRoutes)
    .route("/images", imageRoutes)
    .route("/r", referralRoutes)
    .route("/robots.txt", robotsRoutes)
    .route("/sitemap.xml", sitemapRoutes)
    .route("/sitemaps", sitemapsRoutes);

  app.notFound((c) => {
    // Every other address is a page of the shop (routes/pages.ts): React Router renders it, or
    // its own "Page not found" with a 404.
    if (isPageRequest(c.req.method, c.req.path)) return renderPage(c);
    const allowed = methodsFor(app, c.req.path).filter((m) => m !== c.req.method);
    if (allowed.length > 0) {
      const error = new AppError(
        405,
        `${c.req.method} is not allowed on ${c.req.path}`,
        "method_not_allowed",
        undefined,
        { Allow: allowed.join(", ") },
      );
      return handleError(error, c);
    }
    return handleNotFound(c);
  });
  app.onError(handleError);
  return routes;
}

/** The Worker's own addresses (wrangler.toml's run_worker_first): never a page, 404 in JSON. */
const NOT_PAGES = ["/api", "/images", "/r", "/dev", "/sitemaps"];

/** A page's address, or a client navigation's request for a page's data. */
const isPageRequest = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") &&
  !NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The methods some route answers on `path`: what a 405's Allow header lists. */
function methodsFor(app: Hono<AppEnv>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const pattern = route.path
      .split("/")
      .map((part) =>
        part === "*"
          ? ".*"
          : part.startsWith(":")
            ? "[^/]+"
            : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    if (new RegExp(`^${pattern}$`).test(path)) methods.add(route.method);
  }
  return [...methods];
}
