// The shop's route table as the framework builds it from web/routes.ts and web/root.tsx, for a
// memory router in happy-dom: each route module's screen, loader and revalidation rule, the
// loaders given a load context whose catalogue reads ask the (stubbed) API, as the Worker's answer
// the same questions from the same cached answers.
import { type ComponentType, useEffect } from "react";
import {
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
  type RouteObject,
  useLocation,
  useMatches,
} from "react-router";
import { ApiError, api } from "../../web/lib/api-client";
import * as root from "../../web/root";
import routeConfig from "../../web/routes";
import type { ProductResponse, ProductSearchResponse } from "../../worker/contracts/catalogue";
import type { PageLoadContext, ShopPages } from "../../worker/contracts/pages";

export const TEST_ORIGIN = "http://shop.test";

/** What the Worker's loaders read, over the API the test stubs. */
export const shopOverApi: ShopPages = {
  origin: TEST_ORIGIN,
  async product(id) {
    try {
      return (await api<ProductResponse>(`/api/product/${encodeURIComponent(id)}`)).product;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
  async search(request) {
    const path = request ? `/api/product/search?${request}` : "/api/product/search";
    try {
      return await api<ProductSearchResponse>(path);
    } catch {
      return null;
    }
  },
};

type Loader = (args: LoaderFunctionArgs) => unknown;

interface RouteModule {
  default: ComponentType;
  loader?: Loader;
  meta?: MetaFunction;
  shouldRevalidate?: RouteObject["shouldRevalidate"];
}

/**
 * What React Router's <Meta> does in the document's <head> (which a memory router has not): the
 * deepest route's `meta`, its title as the document's and its description in the meta tag.
 */
function HeadFromMeta() {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches.findLast((match) => (match.handle as { meta?: MetaFunction })?.meta);
  const meta = (leaf?.handle as { meta?: MetaFunction } | undefined)?.meta;
  const descriptors: MetaDescriptor[] =
    meta?.({
      data: leaf?.loaderData,
      loaderData: leaf?.loaderData,
      params: leaf?.params ?? {},
      location,
      matches: matches.map((match) => ({ ...match, data: match.loaderData, meta: [] })),
      error: undefined,
    } as unknown as Parameters<MetaFunction>[0]) ?? [];
  const title = descriptors.find((d): d is { title: string } => "title" in d)?.title;
  const description = descriptors.find(
    (d): d is { name: string; content: string } => "name" in d && d.name === "description",
  )?.content;
  useEffect(() => {
    if (title !== undefined) document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (description === undefined) return;
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
  return null;
}

function Root() {
  const Layout = root.default;
  return (
    <>
      <HeadFromMeta />
      <Layout />
    </>
  );
}

const modules = import.meta.glob<RouteModule>("../../web/routes/*.tsx");

const withContext = (loader: Loader | undefined, context: PageLoadContext): Loader | undefined =>
  loader && ((args) => loader({ ...args, context }));

/** The app's routes: the root layout and every route module, loaded as the browser loads them. */
export function shopRoutes(shop: ShopPages = shopOverApi): RouteObject[] {
  const context: PageLoadContext = { shop, nonce: "" };
  return [
    {
      id: "root",
      path: "/",
      Component: Root,
      ErrorBoundary: root.ErrorBoundary,
      HydrateFallback: () => null,
      loader: withContext(root.loader, context),
      shouldRevalidate: root.shouldRevalidate,
      children: routeConfig.map((entry) => {
        const load = modules[`../../web/${entry.file}`];
        if (!load) throw new Error(`no route module ${entry.file}`);
        const lazy = async () => {
          const module = await load();
          return {
            Component: module.default,
            handle: { meta: module.meta },
            loader: withContext(module.loader, context),
            shouldRevalidate: module.shouldRevalidate,
          };
        };
        return entry.index ? { index: true, lazy } : { path: entry.path, lazy };
      }),
    },
  ];
}

/** The title a route module's `meta` gives its page at `pathname` (without loader data). */
export function metaTitle(meta: MetaFunction, pathname: string): string | undefined {
  const descriptors =
    meta({
      data: undefined,
      loaderData: undefined,
      params: {},
      location: { pathname, search: "", hash: "", state: null, key: "default" },
      matches: [{ id: "root", data: { origin: TEST_ORIGIN } }],
      error: undefined,
    } as unknown as Parameters<MetaFunction>[0]) ?? [];
  return descriptors.find((d): d is { title: string } => "title" in d)?.title;
}
