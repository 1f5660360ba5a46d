// The document every shop page is rendered into, by the Worker and then in the browser: <head> from
// the routes' `meta` and stylesheets, the shop's layout around the page, and React Router's scripts.
// Base styles come first; toast styles come from a bundled file because the CSP (style-src 'self')
// forbids the <style> tag react-toastify would inject.
import "react-toastify/dist/ReactToastify.css";
import "./app/styles.css";
import type { ReactNode } from "react";
import {
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  Scripts,
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#2B1320" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default ShopLayout;

export const ErrorBoundary = RouterErrorPage;
