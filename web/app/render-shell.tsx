// Build time only (the static-shells plugin, build/static-shells.ts): each screen's first frame as
// HTML, for the browser to paint before any script has run (docs/decisions/0006-first-paint.md).
// It is the app's own first render, so app/start.tsx can hydrate it.
import { renderToString } from "react-dom/server";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router-dom";
import {
  CATEGORY_LIST_PATH,
  PRODUCT_HIGHLIGHTS_PATH,
  PRODUCT_SEARCH_PATH,
} from "../features/catalogue/api";
import { paths } from "../lib/paths";
import { routes } from "./router";
import { routerReady } from "./router-ready";
import type { StaticShell } from "./static-shell";

export type { StaticShell };

/** The footer lists categories on every screen. */
const LAYOUT_FETCHES = [CATEGORY_LIST_PATH];
const HOME_FETCHES = [PRODUCT_HIGHLIGHTS_PATH, CATEGORY_LIST_PATH];
/**
 * The first page of the plain /collection, for the file as it is: the Worker serves the plain
 * address with that answer in the page and drops this preload; an address with filters asks
 * another question, and this small answer goes unused.
 */
const COLLECTION_FETCHES = [PRODUCT_SEARCH_PATH, CATEGORY_LIST_PATH];

/** The screens visitors land on, pre-rendered in full. */
const SCREENS: StaticShell[] = [
  {
    file: "index.html",
    path: "/",
    screen: "routes/home.tsx",
    fetches: HOME_FETCHES,
    paintsFirst: true,
  },
  {
    file: "collection.html",
    path: "/collection",
    screen: "routes/collection.tsx",
    readsQuery: true,
    fetches: COLLECTION_FETCHES,
    // The Worker renders the plain address's first page into it (worker/routes/collection-page.ts):
    // the first row's pictures are the page's largest paint, in the HTML.
    paintsFirst: true,
  },
  {
    // The template of every product page: the Worker answers /product/:id with it, the product
    // rendered in place of this skeleton and its tags in <head> (worker/routes/product-page.ts).
    // The product's photo is then the page's largest paint, in the HTML.
    file: "product.html",
    path: "/product/:productId",
    rewrite: "/product/*",
    screen: "routes/product.tsx",
    fetches: LAYOUT_FETCHES,
    paintsFirst: true,
  },
  {
    file: "cart.html",
    path: "/cart",
    screen: "routes/cart.tsx",
    readsStorage: true,
    fetches: LAYOUT_FETCHES,
  },
  {
    // Whatever the id, the frame is the layout around the loading spinner (a signed-in page).
    file: "creator-payout.html",
    path: paths.creatorPayoutRoute,
    rewrite: "/creator-profile/payouts/*",
    fetches: LAYOUT_FETCHES,
  },
  {
    // Served, with status 404, for every address no file answers (wrangler.toml's
    // not_found_handling): an unknown address shows "Page not found" from its first paint.
    file: "404.html",
    path: "*",
    screen: "routes/not-found.tsx",
    fetches: LAYOUT_FETCHES,
  },
];

const staticPaths = (table: RouteObject[]): string[] =>
  table.flatMap((route) => [
    ...(route.path && !/[:*]/.test(route.path) ? [route.path] : []),
    ...staticPaths(route.children ?? []),
  ]);

/**
 * Every screen gets a file, so no address shows another screen's HTML (unknown ones get
 * 404.html); screens not pre-rendered show the layout around the loading spinner.
 */
export function staticShells(): StaticShell[] {
  const rendered = new Set(SCREENS.map(({ path }) => path));
  const others = staticPaths(routes)
    .filter((path) => path !== "/" && !rendered.has(path))
    .map((path) => ({ file: `${path.slice(1)}.html`, path, fetches: LAYOUT_FETCHES }));
  return [...SCREENS, ...others];
}

export async function renderShell({ path, screen }: StaticShell): Promise<string> {
  const address = path === "*" ? "/not-found" : path.replace(/:\w+/g, "frame");
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  // Without waiting, the router renders the screen's HydrateFallback: the loading spinner.
  if (screen) await routerReady(router);
  const html = renderToString(<RouterProvider router={router} />);
  router.dispose();
  return html;
}
