// Browser-side test doubles: the SPA's only window to the Worker is fetch, so tests answer it.
import { type ByRoleMatcher, fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as v from "valibot";
import { expect, vi } from "vitest";
import {
  type CategoryDto,
  HOME_LIST_SIZE,
  type ProductDto,
  type ProductHighlightsResponse,
  type ProductSearchResponse,
  RELATED_LIMIT,
  type RelatedProductsResponse,
} from "../../worker/contracts/catalogue";
import { ProductSearchQuery } from "../../worker/contracts/catalogue-search";
import { ID_PATTERN } from "../../worker/contracts/ids";
import type { OfferDto } from "../../worker/contracts/promotions";

export function makeProduct(n: number, overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: `prod${n}`,
    name: `Copper Piece ${n}`,
    description: "Hand-hammered copper.",
    image: [`/images/products/prod${n}/1.svg`],
    originalPrice: 50,
    finalPrice: 50,
    category: "Copper Bottles",
    tags: ["copper"],
    bestseller: false,
    new: true,
    premium: false,
    inStock: true,
    available: null,
    held: false,
    ...overrides,
  };
}

export function makeCategory(n: number, name = `Category ${n}`): CategoryDto {
  return { _id: `cat${n}`, name, image: `/images/categories/cat${n}.svg` };
}

export interface FakeApi {
  products?: ProductDto[];
  categories?: CategoryDto[];
  /** The automatic offers running now (GET /api/promotions/offers); unanswered (404) when absent. */
  offers?: OfferDto[];
  /** Status for every request, to exercise failures. */
  failWith?: number;
}

/**
 * GET /api/product/search as the Worker answers it over `products` (newest first) and the shop's
 * `categories`: the query read by the endpoint's own schema (so a question the Worker would refuse
 * is a 400 here too), then filtered, counted and paged by hand.
 */
export function searchAnswer(
  url: URL,
  products: readonly ProductDto[],
  categories: readonly CategoryDto[],
): { status: number; body: unknown } {
  const raw: Record<string, string | string[]> = {};
  // As Hono reads a query: a name given once is a string, given more often a list.
  for (const name of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(name);
    raw[name] = all.length === 1 ? (all[0] ?? "") : all;
  }
  const parsed = v.safeParse(ProductSearchQuery, raw);
  if (!parsed.success) {
    const message = parsed.issues[0]?.message ?? "Invalid query";
    return { status: 400, body: { success: false, message, code: "validation_failed" } };
  }
  const query = parsed.output;
  const needle = query.q.toLowerCase();
  const matches = (p: ProductDto, except?: "category" | "premium" | "sale") =>
    (needle === "" || p.name.toLowerCase().includes(needle)) &&
    (except === "category" ||
      query.category.length === 0 ||
      query.category.includes(p.category.toLowerCase())) &&
    (except === "premium" || !query.premium || p.premium) &&
    (except === "sale" || !query.sale || p.originalPrice > p.finalPrice) &&
    (!query.instock || p.inStock);
  const found = products.filter((p) => matches(p));
  if (query.sort === "low-high") found.sort((a, b) => a.finalPrice - b.finalPrice);
  if (query.sort === "high-low") found.sort((a, b) => b.finalPrice - a.finalPrice);
  const start = (query.page - 1) * query.pageSize;
  const count = (except: "category" | "premium" | "sale", also: (p: ProductDto) => boolean) =>
    products.filter((p) => matches(p, except) && also(p)).length;
  const body: ProductSearchResponse = {
    success: true,
    products: found.slice(start, start + query.pageSize),
    total: found.length,
    page: query.page,
    pageSize: query.pageSize,
    facets: {
      categories: categories.map(({ name }) => ({
        name,
        count: count("category", (p) => p.category.toLowerCase() === name.toLowerCase()),
      })),
      premium: count("premium", (p) => p.premium),
      sale: count("sale", (p) => p.originalPrice > p.finalPrice),
    },
  };
  return { status: 200, body };
}

/** GET /api/product/highlights over `products` (newest first): the newest, the newest bestsellers. */
export function highlightsAnswer(products: readonly ProductDto[]): ProductHighlightsResponse {
  return {
    success: true,
    latest: products.slice(0, HOME_LIST_SIZE),
    bestsellers: products.filter((p) => p.bestseller).slice(0, HOME_LIST_SIZE),
  };
}

/**
 * The Worker's related rule over `products` (newest first): same category, at least one tag in
 * common, never the product itself, RELATED_LIMIT at most.
 */
export function relatedTo(product: ProductDto, products: readonly ProductDto[]): ProductDto[] {
  return products
    .filter(
      (p) =>
        p._id !== product._id &&
        p.category === product.category &&
        p.tags.some((tag) => product.tags.includes(tag)),
    )
    .slice(0, RELATED_LIMIT);
}

/** An id the Worker's IdParam takes, or a test's makeProduct id; anything else is a 400. */
const wellFormedId = (id: string) => ID_PATTERN.test(id) || /^prod\d+$/.test(id);

/**
 * GET /api/product/:id and /api/product/:id/related as the Worker answers them over `products`:
 * 400 for a malformed id, 404 for one not on sale; undefined for any other path.
 */
export function productAnswer(
  pathname: string,
  products: readonly ProductDto[],
): { status: number; body: unknown } | undefined {
  const match = /^\/api\/product\/([^/]+)(\/related)?$/.exec(pathname);
  if (!match) return undefined;
  const id = decodeURIComponent(match[1] ?? "");
  if (!wellFormedId(id)) {
    return {
      status: 400,
      body: { success: false, message: "Invalid id", code: "validation_failed" },
    };
  }
  const product = products.find((p) => p._id === id);
  if (!product) {
    const body = { success: false, message: "Product not found", code: "product_not_found" };
    return { status: 404, body };
  }
  if (!match[2]) return { status: 200, body: { success: true, product } };
  const body: RelatedProductsResponse = { success: true, products: relatedTo(product, products) };
  return { status: 200, body };
}

/** Stubs global fetch with the Worker's catalogue answers; returns the mock to inspect calls. */
export function stubApi({ products = [], categories = [], offers, failWith }: FakeApi = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    if (failWith) return json(failWith, { success: false, message: "Database unavailable" });
    const address = new URL(url, "http://shop.test");
    if (address.pathname === "/api/category/list") return json(200, { success: true, categories });
    if (address.pathname === "/api/promotions/offers" && offers) {
      return json(200, { success: true, offers });
    }
    if (address.pathname === "/api/product/highlights") {
      return json(200, highlightsAnswer(products));
    }
    if (address.pathname === "/api/product/search") {
      const { status, body } = searchAnswer(address, products, categories);
      return json(status, body);
    }
    // The shop's screens no longer read the whole catalogue: /api/product/list is a 404 here.
    const byId =
      address.pathname === "/api/product/list"
        ? undefined
        : productAnswer(address.pathname, products);
    if (byId) return json(byId.status, byId.body);
    return json(404, { success: false, message: "Not found", code: "not_found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The paths (no query) of the requests `fetchMock` was asked for, in order. */
export const requestedPaths = (fetchMock: { mock: { calls: unknown[][] } }): string[] =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://shop.test").pathname);

/** Types `value` into the field labelled `label`, as one change. */
export const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/**
 * Clicks the button named `name` once it is on screen and enabled. A form's button reads
 * "Sending..." (or is disabled) until its last answer has settled, so a test that presses again
 * right after seeing that answer waits for the button instead of racing the re-render. `scope`
 * (a within(element)) picks one of several buttons of that name.
 */
export async function press(
  name: string | RegExp,
  scope: Pick<typeof screen, "getByRole"> = screen,
) {
  const button = await waitFor(() => {
    const found = scope.getByRole("button", { name });
    if ((found as HTMLButtonElement).disabled) throw new Error(`The button ${name} is disabled`);
    return found;
  });
  fireEvent.click(button);
}

/**
 * Asserts that each of `texts` is shown exactly once in `scope` (screen, or a within(element)):
 * getByText throws on none and on more than one.
 */
export function expectTexts(
  scope: Pick<ReturnType<typeof within>, "getByText">,
  texts: readonly (string | RegExp)[],
) {
  for (const text of texts) expect(scope.getByText(text)).toBeTruthy();
}

/** The text of each element with `role` inside `container`, in order. */
export const textsByRole = (container: HTMLElement, role: ByRoleMatcher) =>
  within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
