// /robots.txt, built from this deployment's origin: it points at the sitemap index.
import { Hono } from "hono";
import type { AppEnv } from "../middleware/app-env";

export const robotsRoutes = new Hono<AppEnv>().get("/", (c) =>
  c.text(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /place-order",
      "Disallow: /order-placed",
      "Disallow: /orders",
      "Disallow: /profile",
      "Disallow: /creator-profile",
      "",
      `Sitemap: ${c.env.APP_ORIGIN}/sitemap.xml`,
      "",
    ].join("\n"),
    200,
    { "cache-control": "public, max-age=86400" },
  ),
);
