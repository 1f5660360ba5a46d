// The shop's pages: every GET the API does not answer is handed to React Router's request handler,
// which renders the route module for the address (web/routes.ts) with its loader's data, or answers
// a client navigation's data (`.data`). The loaders read the catalogue through the same cached
// answers as the API (modules/catalogue/answers.ts), so a page costs no more D1 than the API's
// answer; each response names its own CSP nonce (docs/decisions/0015-pages-by-the-framework.md).

// The pages' server build (`react-router build`, web/dist/server), under the name React Router
// gives it; wrangler.toml's [alias] and the tests' vitest config point it at the build.
import * as build from "virtual:react-router/server-build";
import { type AppLoadContext, createRequestHandler, type RequestHandler } from "react-router";
import * as v from "valibot";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { IdSchema } from "../contracts/fields";
import type { ShopPages } from "../contracts/pages";
import { pageContentSecurityPolicy } from "../http/security-headers";
import { AppError } from "../lib/app-error";
import { randomToken } from "../lib/tokens";
import type { AppContext } from "../middleware/app-env";
import { productAnswer, searchAnswerFor } from "../modules/catalogue/answers";
import { stockedValue } from "../modules/catalogue/cache";
import { EDGE_LIMITS, enforceEdgeLimit } from "../modules/limits/rate-limit";

const handlers = new Map<string, RequestHandler>();

/** Development answers a failed render with its stack; every other environment does not. */
function handlerFor(environment: string): RequestHandler {
  const mode = environment === "development" ? "development" : "production";
  let handler = handlers.get(mode);
  if (!handler) {
    handler = createRequestHandler(build, mode);
    handlers.set(mode, handler);
  }
  return handler;
}

/** A query string as Hono's validator reads it: a name given once is a string, more often a list. */
function queryRecord(request: string): Record<string, string | string[]> {
  const params = new URLSearchParams(request);
  return Object.fromEntries(
    [...new Set(params.keys())].map((name) => {
      const all = params.getAll(name);
      return [name, all.length === 1 ? (all[0] ?? "") : all];
    }),
  );
}

/** A client past the catalogue's edge limits gets the page without the answer, not an error. */
async function unlessLimited<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return null;
    throw error;
  }
}

function shopPages(c: AppContext): ShopPages {
  const db = c.var.catalogueDb;
  const headers = c.req.raw.headers;
  return {
    origin: c.env.APP_ORIGIN,
    async product(id) {
      if (!v.is(IdSchema, id)) return null;
      const { key, ...answer } = productAnswer({ db }, id);
      return (await stockedValue({ db }, key, answer))?.product ?? null;
    },
    // As GET /api/product/search: the same question, limits and cached answer.
    search: (request) =>
      unlessLimited(async () => {
        const query = v.safeParse(ProductSearchQuery, queryRecord(request));
        if (!query.success) return null;
        await enforceEdgeLimit({ env: c.env }, EDGE_LIMITS.catalogueReads, headers);
        const { key, ...answer } = searchAnswerFor({ db }, query.output);
        return stockedValue({ db }, key, {
          ...answer,
          onMiss: () => enforceEdgeLimit({ env: c.env }, EDGE_LIMITS.catalogueBuilds, headers),
        });
      }),
  };
}

export async function renderPage(c: AppContext): Promise<Response> {
  const nonce = randomToken(18);
  const context: AppLoadContext = { shop: shopPages(c), nonce };
  const res = await handlerFor(c.env.ENVIRONMENT)(c.req.raw, context);
  // A 304 keeps the policy the browser stored with the page it holds (that page's nonce).
  if (res.headers.get("content-type")?.startsWith("text/html")) {
    res.headers.set("Content-Security-Policy", pageContentSecurityPolicy(nonce));
  }
  return res;
}
