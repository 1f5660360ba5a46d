// The document every shop page is rendered into, by the Worker and then in the browser: <head> from
// the routes' `meta` and stylesheets, the shop's layout around the page, and React Router's scripts.
// Base styles come first; toast styles come from a bundled file because the CSP (style-src 'self')
// forbids the <style> tag react-toastify would inject.
import "react-toastify/dist/ReactToastify.css";
import "./app/styles.css";
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
} from "react";
import {
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  Scripts,
  type ShouldRevalidateFunction,
} from "react-router";
import afterPaintSource from "./app/after-paint.js?raw";
import { Layout as ShopLayout } from "./app/layout";
import { RouterErrorPage } from "./app/router-error-page";
import { CATEGORY_LIST_PATH } from "./features/catalogue/api";

/** What every page's `meta` needs: the shop's own origin (lib/page-meta.ts, `shopOrigin`). */
export function loader({ context }: LoaderFunctionArgs) {
  return { origin: context.shop.origin };
}

/** The origin never changes while a visitor moves around: it is read once, with the first page. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** The footer lists the categories on every page: asked for with the code, after the first paint. */
export const links: LinksFunction = () => [
  { rel: "preload", as: "fetch", crossOrigin: "use-credentials", href: CATEGORY_LIST_PATH },
];

/** The links React Router renders for the page, with `change` applied to each element. */
function mapped(rendered: ReactNode, change: (child: ReactElement) => ReactNode): ReactNode {
  // <Scripts> renders nothing once the page has hydrated.
  if (!isValidElement<{ children: ReactNode }>(rendered)) return rendered;
  return Children.map(rendered.props.children, function apply(child): ReactNode {
    if (Array.isArray(child)) return child.map(apply);
    if (!isValidElement<{ children?: ReactNode }>(child)) return child;
    if (child.type === Fragment) return Children.map(child.props.children, apply);
    return change(child);
  });
}

type LinkProps = { rel?: string; href?: string; as?: string; crossOrigin?: string };
const relOf = (child: ReactElement) => (child.props as LinkProps).rel;

/**
 * The page's first paint needs its HTML, its stylesheets and its largest image, not the app's
 * code: React Router's <Links> with React's `precedence` on the stylesheets (React then writes
 * them ahead of everything it hoists); the data the routes preload starts with the code, after
 * the paint (`AfterPaintScripts`).
 */
function Stylesheets() {
  return mapped(Links({}), (child) =>
    relOf(child) === "stylesheet"
      ? cloneElement(child, { precedence: "default" } as object)
      : relOf(child) === "preload"
        ? null
        : child,
  );
}

/**
 * React Router's <Scripts>, started after the first paint (app/after-paint.js): its module
 * preloads become the plan of an inline starter, its module script is written inert, and the
 * starter adds them once the largest image has painted. The context script (the loaders' data)
 * runs as written. Lighthouse, median of 5 (docs/decisions/0015-pages-by-the-framework.md).
 */
/**
 * app/after-paint.js as every page carries it inline: without its whole-line comments, and only
 * in the server's build (hydration keeps the element as the Worker wrote it, then drops it).
 */
const afterPaintScript = import.meta.env.SSR ? afterPaintSource.replace(/^\s*\/\/.*\n/gm, "") : "";

/** What app/after-paint.js adds once the page has painted. */
interface AfterPaintPlan {
  /** Module URLs to preload (React Router's entry, the root's and the page's route chunks). */
  modules: string[];
  /** Data the routes asked to preload (`links` with `rel: "preload"`), fetched with the code. */
  preloads: { href: string; as: string; crossOrigin?: string }[];
}

/** The `type` that keeps React Router's module script from running until after-paint.js. */
const INERT_MODULE_TYPE = "text/x-after-paint";

function AfterPaintScripts() {
  const modules: string[] = [];
  let nonce: string | undefined;
  const scripts = mapped(Scripts({}), (child) => {
    const props = child.props as LinkProps & { type?: string; nonce?: string };
    if (relOf(child) === "modulepreload") {
      if (props.href) modules.push(props.href);
      return null;
    }
    nonce ??= props.nonce;
    return props.type === "module"
      ? cloneElement(child, { type: INERT_MODULE_TYPE } as object)
      : child;
  });
  // Read on every render, before the return below: <Links> and <Scripts> use hooks.
  const preloads: AfterPaintPlan["preloads"] = [];
  mapped(Links({}), (child) => {
    const props = child.props as LinkProps;
    if (props.rel === "preload" && props.href && props.as) {
      preloads.push({ href: props.href, as: props.as, crossOrigin: props.crossOrigin });
    }
    return null;
  });
  if (scripts === null) return null;
  const plan: AfterPaintPlan = { modules, preloads };
  return (
    <>
      {scripts}
      <script
        nonce={nonce}
        data-plan={JSON.stringify(plan)}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a file of ours (app/after-paint.js)
        dangerouslySetInnerHTML={{ __html: afterPaintScript }}
      />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  // `html[data-hydrated]`: React has taken the page over and its buttons work (the journeys wait
  // for it before they press one; app/after-paint.js may start the code after the first paint).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
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
        <AfterPaintScripts />
      </body>
    </html>
  );
}

export default ShopLayout;

export const ErrorBoundary = RouterErrorPage;
