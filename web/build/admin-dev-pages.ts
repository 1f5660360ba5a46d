// Vite plugin, dev server only: every address under /admin is the back-office's page (admin.html),
// as web/dist/_redirects makes it in production. Vite's own fallback would answer a deep link such
// as /admin/products/<id> with the shop's index.html. Module requests (/admin/main.tsx) are left
// alone: only a page request (the browser asking for HTML, an address without an extension) is.
import type { Plugin } from "vite";

export function adminDevPages(base = "/admin"): Plugin {
  return {
    name: "edge-shop:admin-dev-pages",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split("?")[0] ?? "";
        const isPage =
          (path === base || path.startsWith(`${base}/`)) &&
          !/\.[a-z0-9]+$/i.test(path) &&
          (req.headers.accept ?? "").includes("text/html");
        if (isPage) req.url = `${base}.html`;
        next();
      });
    },
  };
}
