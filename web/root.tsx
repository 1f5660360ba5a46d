// The document every shop page is rendered into, by the Worker and then in the browser: <head> from
// the routes' `meta` and stylesheets, the shop's layout around the page, and React Router's scripts.
// Base styles come first; toast styles come from a bundled file because the CSP (style-src 'self')
// forbids the <style> tag react-toastify would inject.
import "react-toastify/dist/ReactToastify.css";
import "./app/styles.css";
import { Children, cloneElement, isValidElement, type ReactNode } from "react";
import {
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  Scripts,
  type ScriptsProps,
  type ShouldRevalidateFunction,
} from "react-router";
import { Layout as ShopLayout } from "./app/layout";
import { RouterErrorPage } from "./app/router-error-page";
import { CATEGORY_LIST_PATH } from "./features/catalogue/api";

/** What every page's `meta` needs: the shop's own origin (lib/page-meta.ts, `shopOrigin`). */
export function loader({ context }: LoaderFunctionArgs) {
  return { origin: context.shop.origin };
}

/** The origin never changes while a visitor moves around: it is read once, with the first page. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** The footer lists the categories on every page: asked for as the page arrives. */
export const links: LinksFunction = () => [
  { rel: "preload", as: "fetch", crossOrigin: "use-credentials", href: CATEGORY_LIST_PATH },
];

/** `change` applied to every <link> of `rel` among what a React Router component renders. */
function relinked(rendered: ReactNode, rel: string, change: object): ReactNode {
  // <Scripts> renders nothing once the page has hydrated.
  if (!isValidElement<{ children: ReactNode }>(rendered)) return rendered;
  return Children.map(rendered.props.children, function apply(child): ReactNode {
    if (Array.isArray(child)) return child.map(apply);
    if (!isValidElement<{ rel?: string }>(child) || child.props.rel !== rel) return child;
    return cloneElement(child, change);
  });
}

/**
 * The page's first paint needs its HTML, its stylesheets and its largest image, not the app's
 * code: React Router's <Links> with React's `precedence` on the stylesheets (React then writes
 * them ahead of everything it hoists), and its <Scripts> at low priority, module preloads
 * included, so the code never takes bandwidth from the styles and the image. Lighthouse, median
 * of 5 (docs/decisions/0015-pages-by-the-framework.md): /collection LCP 2.40 -> 1.25 s.
 */
function Stylesheets() {
  return relinked(Links({}), "stylesheet", { precedence: "default" });
}

function LowPriorityScripts() {
  const scripts = Scripts({ fetchPriority: "low" } as ScriptsProps);
  return relinked(scripts, "modulepreload", { fetchPriority: "low" });
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#2B1320" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Stylesheets />
      </head>
      <body>
        {children}
        <LowPriorityScripts />
      </body>
    </html>
  );
}

export default ShopLayout;

export const ErrorBoundary = RouterErrorPage;
