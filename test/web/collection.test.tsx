import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import {
  answeredPage,
  DEFAULT_QUERY,
  filtersOf,
  isPastLastPage,
  pageList,
  paginate,
  parseCollectionParams,
  resolveCategories,
  selectProducts,
  toCollectionParams,
  toSearchRequest,
  updateQuery,
} from "../../web/features/collection/collection-query";
import type { ProductDto, ProductSearchResponse } from "../../worker/contracts/catalogue";
import { makeCategory, makeProduct, stubApi } from "./helpers";
import { shopRoutes } from "./routes";

const parse = (search: string) => parseCollectionParams(new URLSearchParams(search));
const names = (products: ProductDto[]) => products.map((product) => product.name);

describe("parseCollectionParams", () => {
  it("reads defaults from an empty address", () => {
    expect(parse("")).toEqual(DEFAULT_QUERY);
  });

  it("drops a search or a category holding a control character, which the endpoint refuses", () => {
    expect(parse("q=copper%00&category=Wind+Chimes&category=Bo%09wls&category=%C2%85")).toEqual({
      ...DEFAULT_QUERY,
      categories: ["Wind Chimes"],
    });
    expect(parse("q=%20bowl%7F")).toEqual(DEFAULT_QUERY);
  });

  it("reads every parameter, several categories included", () => {
    expect(
      parse(
        "category=Wind+Chimes&category=%20Singing%20Bowls&category=Wind+Chimes&premium=1&sale=true&instock=1&q=%20bowl%20&sort=high-low&page=3",
      ),
    ).toEqual({
      categories: ["Wind Chimes", "Singing Bowls"],
      premium: true,
      sale: true,
      hideSoldOut: true,
      search: "bowl",
      sort: "high-low",
      page: 3,
    });
  });

  it("turns Premium and On Sale on for any value, even an empty or 'false' one", () => {
    expect(parse("premium=false&sale=").premium).toBe(true);
    expect(parse("premium=false&sale=").sale).toBe(true);
  });

  it("falls back gracefully on unknown or malformed values", () => {
    expect(parse("sort=cheapest").sort).toBe("relevant");
    for (const page of ["abc", "0", "-2", "2.5", "", "1e3", "99999999999"]) {
      expect(parse(`page=${page}`).page).toBe(1);
    }
    expect(parse("category=&category=%20").categories).toEqual([]);
  });
});

describe("toCollectionParams", () => {
  it("leaves defaults out and round-trips any state", () => {
    expect(toCollectionParams(DEFAULT_QUERY).toString()).toBe("");
    const state = {
      categories: ["Wind Chimes", "Incense & Diyas"],
      premium: true,
      sale: false,
      hideSoldOut: true,
      search: "brass bell",
      sort: "low-high" as const,
      page: 4,
    };
    const search = toCollectionParams(state).toString();
    expect(search).toBe(
      "category=Wind+Chimes&category=Incense+%26+Diyas&premium=true&instock=1&q=brass+bell&sort=low-high&page=4",
    );
    expect(parse(search)).toEqual(state);
  });

  it("goes back to page 1 on any change but the page", () => {
    const onPage3 = { ...DEFAULT_QUERY, page: 3 };
    expect(updateQuery(onPage3, { sale: true }).page).toBe(1);
    expect(updateQuery(onPage3, { hideSoldOut: true }).page).toBe(1);
    expect(updateQuery(onPage3, { search: "bowl" }).page).toBe(1);
    expect(updateQuery(onPage3, { sort: "high-low" }).page).toBe(1);
    expect(updateQuery(onPage3, { categories: ["Wind Chimes"] })).toMatchObject({
      categories: ["Wind Chimes"],
      page: 1,
    });
  });
});

describe("resolveCategories", () => {
  const known = ["Wind Chimes", "Singing Bowls"];
  it("spells names as the shop does and ignores unknown ones", () => {
    expect(resolveCategories(["wind chimes", "Nope", "WIND CHIMES"], known)).toEqual([
      "Wind Chimes",
    ]);
    expect(resolveCategories(["Nope"], known)).toEqual([]);
  });
  it("keeps the request until the shop's names are known", () => {
    expect(resolveCategories(["Nope"], undefined)).toEqual(["Nope"]);
  });
});

describe("selectProducts", () => {
  const products = [
    makeProduct(1, {
      name: "Copper Bottle",
      category: "Bottles",
      finalPrice: 40,
      originalPrice: 50,
    }),
    makeProduct(2, {
      name: "Brass Bell Chime",
      category: "Chimes",
      finalPrice: 25,
      originalPrice: 25,
      premium: true,
    }),
    makeProduct(3, { name: "Singing Bowl", category: "Bowls", finalPrice: 90, originalPrice: 90 }),
    makeProduct(4, {
      name: "copper tumbler",
      category: "Bottles",
      finalPrice: 25,
      originalPrice: 25,
    }),
    makeProduct(5, {
      name: "Bell Bowl",
      category: "Bowls",
      finalPrice: 60,
      originalPrice: 80,
      premium: true,
    }),
  ];
  const select = (change: Partial<typeof DEFAULT_QUERY>) =>
    names(selectProducts(products, { ...DEFAULT_QUERY, ...change }));

  it("keeps the API order for relevant and sorts stably by final price", () => {
    expect(select({})).toEqual(names(products));
    expect(select({ sort: "low-high" })).toEqual([
      "Brass Bell Chime",
      "copper tumbler",
      "Copper Bottle",
      "Bell Bowl",
      "Singing Bowl",
    ]);
    expect(select({ sort: "high-low" })).toEqual([
      "Singing Bowl",
      "Bell Bowl",
      "Copper Bottle",
      "Brass Bell Chime",
      "copper tumbler",
    ]);
  });

  it("matches any checked category, and all of Premium, On Sale and search", () => {
    expect(select({ categories: ["Bottles", "bowls"] })).toEqual([
      "Copper Bottle",
      "Singing Bowl",
      "copper tumbler",
      "Bell Bowl",
    ]);
    expect(select({ premium: true })).toEqual(["Brass Bell Chime", "Bell Bowl"]);
    expect(select({ sale: true })).toEqual(["Copper Bottle", "Bell Bowl"]);
    expect(select({ premium: true, sale: true })).toEqual(["Bell Bowl"]);
    expect(select({ search: "COPPER" })).toEqual(["Copper Bottle", "copper tumbler"]);
    expect(select({ search: "bell", categories: ["Chimes"] })).toEqual(["Brass Bell Chime"]);
    expect(select({ search: "teapot" })).toEqual([]);
  });

  it("hides products with none left only when asked", () => {
    const stocked = [
      makeProduct(1, { name: "Gone", inStock: false, available: 0 }),
      makeProduct(2, { name: "Last one", available: 1 }),
      makeProduct(3, { name: "Untracked" }),
    ];
    const pick = (hideSoldOut: boolean) =>
      names(selectProducts(stocked, { ...DEFAULT_QUERY, hideSoldOut }));
    expect(pick(false)).toEqual(["Gone", "Last one", "Untracked"]);
    expect(pick(true)).toEqual(["Last one", "Untracked"]);
  });
});

describe("paginate", () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);
  it("cuts pages of 12 and says which items show", () => {
    expect(paginate(items, 1)).toMatchObject({
      page: 1,
      pageCount: 3,
      first: 1,
      last: 12,
      total: 30,
    });
    const third = paginate(items, 3);
    expect(third.items).toEqual([25, 26, 27, 28, 29, 30]);
    expect(third).toMatchObject({ first: 25, last: 30 });
  });
  it("shows page 1 for a page past the end and handles an empty list", () => {
    expect(paginate(items, 9).page).toBe(1);
    expect(paginate([], 2)).toMatchObject({ items: [], page: 1, pageCount: 1, first: 0, total: 0 });
  });
  it("offers every page number when few, and gaps when many", () => {
    expect(pageList(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageList(6, 12)).toEqual([1, "gap", 5, 6, 7, "gap", 12]);
    expect(pageList(1, 12)).toEqual([1, 2, "gap", 12]);
  });
});

describe("the search request", () => {
  it("asks with the address's own names, defaults left out, so equal states ask alike", () => {
    expect(toSearchRequest(DEFAULT_QUERY)).toBe("");
    expect(
      toSearchRequest({
        ...DEFAULT_QUERY,
        categories: ["Wind Chimes", "Singing Bowls"],
        sale: true,
        hideSoldOut: true,
        search: "brass bell",
        sort: "high-low",
        page: 2,
      }),
    ).toBe(
      "category=Wind+Chimes&category=Singing+Bowls&sale=true&instock=1&q=brass+bell&sort=high-low&page=2",
    );
    expect(filtersOf("q=bell&page=3&sort=low-high")).toBe("q=bell&sort=low-high");
  });

  const answer = (over: Partial<ProductSearchResponse>): ProductSearchResponse => ({
    success: true,
    products: [],
    total: 0,
    page: 1,
    pageSize: 12,
    facets: { categories: [], premium: 0, sale: 0 },
    ...over,
  });

  it("reads the answered page as the screen shows it, and tells a page past the last", () => {
    const third = answer({
      products: Array.from({ length: 6 }, (_, i) => makeProduct(i)),
      total: 30,
      page: 3,
    });
    expect(answeredPage(third)).toMatchObject({ page: 3, pageCount: 3, first: 25, last: 30 });
    expect(isPastLastPage(third)).toBe(false);
    expect(isPastLastPage(answer({ total: 30, page: 4 }))).toBe(true);
    expect(isPastLastPage(answer({ total: 0, page: 4 }))).toBe(false);
    expect(answeredPage(answer({}))).toMatchObject({ pageCount: 1, first: 0, last: 0 });
  });
});

// --- The screen --------------------------------------------------------------------------------

const CATEGORIES = [makeCategory(1, "Wind Chimes"), makeCategory(2, "Singing Bowls")];
/** 30 products: every third a bowl, every fifth on sale. */
const PRODUCTS = Array.from({ length: 30 }, (_, i) =>
  makeProduct(i + 1, {
    name: i % 3 === 0 ? `Singing Bowl ${i + 1}` : `Wind Chime ${i + 1}`,
    category: i % 3 === 0 ? "Singing Bowls" : "Wind Chimes",
    finalPrice: 10 + i,
    originalPrice: i % 5 === 0 ? 100 : 10 + i,
  }),
);

let fetchMock: ReturnType<typeof stubApi>;

function renderCollection(path: string, data = { products: PRODUCTS, categories: CATEGORIES }) {
  fetchMock = stubApi(data);
  const router = createMemoryRouter(shopRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
/** The query strings the screen sent to the search, in order. */
const searchesSent = () =>
  requested()
    .filter((url) => url.startsWith("/api/product/search"))
    .map((url) => url.slice("/api/product/search".length).replace(/^\?/, ""));

/**
 * Holds the search answers for queries `held` matches until the test releases them, in any order;
 * the rest answer at once. Returns a release for each held query.
 */
function holdSearches(held: (query: string) => boolean) {
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error("stub the API first");
  const waiting = new Map<string, () => void>();
  fetchMock.mockImplementation(async (input, init) => {
    const query = String(input).split("?")[1] ?? "";
    if (String(input).startsWith("/api/product/search") && held(query)) {
      await new Promise<void>((release) => waiting.set(query, release));
    }
    return answer(input, init);
  });
  return (query: string) => {
    const release = waiting.get(query);
    if (!release) throw new Error(`no held search for "${query}"`);
    release();
  };
}

const cardNames = () =>
  screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
const search = (router: ReturnType<typeof renderCollection>) => router.state.location.search;
const status = () => screen.getByRole("status");

describe("collection screen", () => {
  // The route loads lazily; compiling it up front keeps the first case within findBy's timeout.
  beforeAll(() => import("../../web/routes/collection"), 30_000);
  beforeEach(() => clearCatalogueCache());

  it("asks the search for the page it shows, 12 at a time, and never the whole list", async () => {
    const router = renderCollection("/collection");
    await waitFor(() => expect(status().textContent).toBe("Showing 1–12 of 30 products"));
    expect(cardNames()).toHaveLength(12);
    expect(cardNames()[0]).toBe("Singing Bowl 1");
    await waitFor(() => expect(document.title).toBe("Shop the collection — Tamra & Tara"));

    fireEvent.click(screen.getByRole("link", { name: "Page 3" }));
    await waitFor(() => expect(status().textContent).toBe("Showing 25–30 of 30 products"));
    expect(search(router)).toBe("?page=3");
    expect(cardNames()).toEqual([
      "Singing Bowl 25",
      "Wind Chime 26",
      "Wind Chime 27",
      "Singing Bowl 28",
      "Wind Chime 29",
      "Wind Chime 30",
    ]);
    expect(screen.getByRole("link", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");
    expect(searchesSent()).toEqual(["", "page=3"]);
    expect(requested().some((url) => url.includes("/api/product/list"))).toBe(false);
  });

  it("shows how many products each filter would find beside its box", async () => {
    renderCollection("/collection?sale=1");
    await waitFor(() => expect(status().textContent).toBe("Showing 6 products"));
    // The page's own answer shows at once; the category list comes with the browser's request.
    await screen.findByRole("checkbox", { name: "Singing Bowls" });
    const count = (name: string) =>
      screen.getByRole("checkbox", { name }).closest("label")?.querySelector(".check-row-count")
        ?.textContent;
    // On sale: products 1, 6, 11, 16, 21, 26; the bowls among them are 1 and 16.
    expect(count("Singing Bowls")).toBe("2");
    expect(count("Wind Chimes")).toBe("4");
    // Counted under the other filters: On Sale says what it finds, not what is shown.
    expect(count("On Sale")).toBe("6");
    expect(count("Premium")).toBe("0");
  });

  it("goes back to page 1 for a page past the last, as the address then says", async () => {
    const router = renderCollection("/collection?q=bowl&page=9");
    await waitFor(() => expect(status().textContent).toBe("Showing 10 products"));
    expect(search(router)).toBe("?q=bowl");
    expect(searchesSent()).toEqual(["q=bowl&page=9", "q=bowl"]);
    expect(screen.queryByRole("heading", { name: "No products found" })).toBeNull();
  });

  it("keeps the page on screen while the next loads, then shows the next", async () => {
    renderCollection("/collection");
    await waitFor(() => expect(cardNames()).toHaveLength(12));
    const release = holdSearches((query) => query === "page=2");
    const results = within(screen.getByRole("main")).getByRole("region", { name: "Products" });

    fireEvent.click(screen.getByRole("link", { name: "Page 2" }));
    await waitFor(() => expect(searchesSent()).toContain("page=2"));
    expect(cardNames()[0]).toBe("Singing Bowl 1");
    expect(cardNames()).toHaveLength(12);
    expect(results.getAttribute("aria-busy")).toBe("true");

    release("page=2");
    await waitFor(() => expect(status().textContent).toBe("Showing 13–24 of 30 products"));
    expect(cardNames()[0]).toBe("Singing Bowl 13");
    expect(results.getAttribute("aria-busy")).toBeNull();
  });

  it("cancels a question the address has moved on from and ignores its late answer", async () => {
    const router = renderCollection("/collection");
    await waitFor(() => expect(cardNames()).toHaveLength(12));
    const release = holdSearches((query) => query.startsWith("q="));
    const box = screen.getByRole("searchbox", { name: "Search products" }) as HTMLInputElement;

    fireEvent.change(box, { target: { value: "bowl" } });
    fireEvent.submit(box.form as HTMLFormElement);
    await waitFor(() => expect(searchesSent()).toContain("q=bowl"));
    fireEvent.change(box, { target: { value: "chime 30" } });
    fireEvent.submit(box.form as HTMLFormElement);
    await waitFor(() => expect(searchesSent()).toContain("q=chime+30"));
    const bowl = fetchMock.mock.calls.findIndex(([url]) => String(url).endsWith("q=bowl"));
    expect(fetchMock.mock.calls[bowl]?.[1]?.signal?.aborted).toBe(true);
    const late = fetchMock.mock.results[bowl]?.value as Promise<Response>;

    release("q=chime+30");
    await waitFor(() => expect(status().textContent).toBe("Showing 1 product"));
    release("q=bowl");
    // The late answer has had every chance to land: its fetch resolves, then nothing may change.
    await act(async () => {
      await late;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(cardNames()).toEqual(["Wind Chime 30"]);
    expect(search(router)).toBe("?q=chime+30");
  });

  it("preselects filters from a shared link, ignoring unknown values", async () => {
    renderCollection(
      "/collection?category=singing%20bowls&category=Nope&sale=yes&sort=bogus&page=x",
    );
    await waitFor(() => expect(status().textContent).toBe("Showing 2 products"));
    expect(cardNames()).toEqual(["Singing Bowl 1", "Singing Bowl 16"]);
    // The name as the shop spells it, the unknown one and the bad sort and page left out; asked
    // only once the shop's names are known.
    expect(searchesSent()).toEqual(["category=Singing+Bowls&sale=true"]);
    expect(
      (screen.getByRole("checkbox", { name: "Singing Bowls" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: "Wind Chimes" }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((screen.getByRole("checkbox", { name: "On Sale" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole("checkbox", { name: "Premium" }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("relevant");
  });

  it("restores page, search and sort from the address", async () => {
    renderCollection("/collection?q=chime&sort=high-low&page=2");
    await waitFor(() => expect(status().textContent).toBe("Showing 13–20 of 20 products"));
    expect(cardNames()[0]).toBe("Wind Chime 12");
    expect(searchesSent()).toEqual(["q=chime&sort=high-low&page=2"]);
    expect(
      (screen.getByRole("searchbox", { name: "Search products" }) as HTMLInputElement).value,
    ).toBe("chime");
  });

  it("applies the search only on Enter or the search button, and Back undoes it", async () => {
    const router = renderCollection("/collection");
    await waitFor(() => expect(cardNames()).toHaveLength(12));
    const box = screen.getByRole("searchbox", { name: "Search products" }) as HTMLInputElement;

    fireEvent.change(box, { target: { value: "BOWL" } });
    expect(cardNames()).toHaveLength(12);
    expect(search(router)).toBe("");

    fireEvent.submit(box.form as HTMLFormElement);
    await waitFor(() => expect(status().textContent).toBe("Showing 10 products"));
    expect(search(router)).toBe("?q=BOWL");

    fireEvent.change(box, { target: { value: "chime 2" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(cardNames()).toEqual(expect.arrayContaining(["Wind Chime 2"])));
    expect(search(router)).toBe("?q=chime+2");

    await act(() => router.navigate(-1));
    await waitFor(() => expect(status().textContent).toBe("Showing 10 products"));
    expect(box.value).toBe("BOWL");
    // Typing asked nothing; Back showed the answer already had.
    expect(searchesSent()).toEqual(["", "q=BOWL", "q=chime+2"]);
  });

  it("resets to page 1 on any filter, sort or search change, pushing history", async () => {
    const router = renderCollection("/collection?page=2");
    await waitFor(() => expect(status().textContent).toBe("Showing 13–24 of 30 products"));

    fireEvent.click(await screen.findByRole("checkbox", { name: "Wind Chimes" }));
    await waitFor(() => expect(status().textContent).toBe("Showing 1–12 of 20 products"));
    expect(search(router)).toBe("?category=Wind+Chimes");

    fireEvent.click(screen.getByRole("link", { name: "Page 2" }));
    await waitFor(() => expect(status().textContent).toBe("Showing 13–20 of 20 products"));
    expect(search(router)).toBe("?category=Wind+Chimes&page=2");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "low-high" } });
    await waitFor(() => expect(status().textContent).toBe("Showing 1–12 of 20 products"));
    expect(search(router)).toBe("?category=Wind+Chimes&sort=low-high");
    expect(cardNames()[0]).toBe("Wind Chime 2");
    expect(searchesSent()).toEqual([
      "page=2",
      "category=Wind+Chimes",
      "category=Wind+Chimes&page=2",
      "category=Wind+Chimes&sort=low-high",
    ]);

    await act(() => router.navigate(-1));
    expect(search(router)).toBe("?category=Wind+Chimes&page=2");
    await waitFor(() => expect(status().textContent).toBe("Showing 13–20 of 20 products"));
  });

  it("folds the filter panel behind a toggle and resets the filters", async () => {
    const router = renderCollection("/collection?premium=1&sale=1&sort=high-low");
    const toggle = await screen.findByRole("button", { name: /^Filters/ });
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.classList.contains("is-open")).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.classList.contains("is-open")).toBe(true);

    expect(await screen.findByRole("heading", { name: "No products found" })).toBeTruthy();
    expect(screen.getByText("Try adjusting your filters or search terms")).toBeTruthy();
    expect(status().textContent).toBe("No products found");
    fireEvent.click(screen.getByRole("button", { name: "Show 0 products" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);

    fireEvent.click(screen.getByRole("button", { name: "Reset Filters" }));
    await waitFor(() => expect(cardNames()).toHaveLength(12));
    expect(search(router)).toBe("?sort=high-low");
  });

  it("hides sold-out products with a checkbox kept in the address, back on page 1", async () => {
    // Products 1 to 12 sold out: page 2 of 30 becomes page 1 of 18.
    const products = PRODUCTS.map((product, i) =>
      i < 12 ? { ...product, inStock: false, available: 0 } : product,
    );
    const router = renderCollection("/collection?page=2", { products, categories: CATEGORIES });
    await waitFor(() => expect(status().textContent).toBe("Showing 13–24 of 30 products"));
    const hide = screen.getByRole("checkbox", { name: "Hide sold out" }) as HTMLInputElement;
    expect(hide.checked).toBe(false);

    fireEvent.click(hide);
    await waitFor(() => expect(status().textContent).toBe("Showing 1–12 of 18 products"));
    expect(search(router)).toBe("?instock=1");
    expect(hide.checked).toBe(true);
    expect(screen.queryByText("Sold out")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Remove In stock only" }));
    await waitFor(() => expect(status().textContent).toBe("Showing 1–12 of 30 products"));
    expect(search(router)).toBe("");
    // The badge is part of each card link's name, so it is read out with the product.
    expect(screen.getAllByRole("link", { name: /Sold out/ })).toHaveLength(12);
  });

  it("marks a card whose last units are held in checkouts as reserved, not sold out", async () => {
    const products = PRODUCTS.map((product, i) =>
      i === 0 ? { ...product, inStock: false, available: 0, held: true } : product,
    );
    renderCollection("/collection", { products, categories: CATEGORIES });
    await waitFor(() => expect(screen.getAllByRole("link", { name: /Reserved/ })).toHaveLength(1));
    expect(screen.queryByRole("link", { name: /Sold out/ })).toBeNull();
  });

  it("clears search and filters from the empty state or one chip at a time", async () => {
    const router = renderCollection("/collection?q=teapot&sale=1");
    await screen.findByRole("heading", { name: "No products found" });
    fireEvent.click(screen.getByRole("button", { name: "Remove “teapot”" }));
    await waitFor(() => expect(search(router)).toBe("?sale=true"));

    await act(() => router.navigate("/collection?q=teapot&category=Wind+Chimes"));
    fireEvent.click(await screen.findByRole("button", { name: "Clear search and filters" }));
    await waitFor(() => expect(search(router)).toBe(""));
  });

  it("says so when there are no categories, and when the shop is empty", async () => {
    renderCollection("/collection", { products: [], categories: [] });
    expect(await screen.findByText("No categories found")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "No products found" })).toBeTruthy();
  });

  it("scrolls to and focuses the search box for /collection#search", async () => {
    renderCollection("/collection#search");
    const box = await screen.findByRole("searchbox", { name: "Search products" });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.id).toBe("search");
  });

  it("offers a retry when the products cannot be loaded", async () => {
    stubApi({ failWith: 503 });
    const router = createMemoryRouter(shopRoutes(), { initialEntries: ["/collection"] });
    render(<RouterProvider router={router} />);
    const retry = await screen.findByRole("button", { name: "Try again" });

    stubApi({ products: PRODUCTS, categories: CATEGORIES });
    fireEvent.click(retry);
    await waitFor(() => expect(cardNames()).toHaveLength(12));
    expect(
      within(screen.getByRole("navigation", { name: "Pagination" })).getAllByRole("link"),
    ).toHaveLength(4);
  });
});
