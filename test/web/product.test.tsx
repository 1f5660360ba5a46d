import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_CART_KEY } from "../../web/features/cart/guest-cart";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { priceDisplay } from "../../web/features/product/product-rules";
import { paths } from "../../web/lib/paths";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { metaDescription } from "../../worker/contracts/site";
import { makeProduct, press, productAnswer, requestedPaths, textsByRole } from "./helpers";
import { shopRoutes } from "./routes";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * The Worker's catalogue answers over `products` (newest first): GET /api/product/:id (400 for a
 * malformed id, 404 for an unknown one) and /api/product/:id/related (or `related` as given, for
 * any id); `byIdStatus` fails both.
 */
function stubShop(
  products: ProductDto[],
  { byIdStatus, related }: { byIdStatus?: number; related?: ProductDto[] } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), "http://shop.test");
    if (pathname === "/api/category/list") return json(200, { success: true, categories: [] });
    if (related && pathname.endsWith("/related")) {
      return json(200, { success: true, products: related });
    }
    const answer = productAnswer(pathname, products);
    if (answer && byIdStatus) {
      return json(byIdStatus, { success: false, message: "Database unavailable" });
    }
    if (answer) return json(answer.status, answer.body);
    return json(404, { success: false, message: "Not found", code: "not_found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderProduct(id: string) {
  const router = createMemoryRouter(shopRoutes(), { initialEntries: [`/product/${id}`] });
  render(<RouterProvider router={router} />);
  return router;
}

const BOTTLE = makeProduct(1, {
  name: "Hammered Copper Bottle",
  description: "Hand-hammered in Moradabad. Holds one litre of water overnight for tamra jal.",
  category: "Copper Water Bottles",
  variant: "1 litre",
  tags: ["copper", "ayurveda"],
  originalPrice: 80,
  finalPrice: 60,
  image: ["/img/1.svg", "/img/2.svg", "/img/3.svg", "/img/4.svg", "/img/5.svg"],
});

describe("product rules", () => {
  it("shows the badge and the struck price only when the original is higher", () => {
    expect(priceDisplay(BOTTLE)).toEqual({ final: 60, original: 80, percentOff: 25 });
    expect(priceDisplay(makeProduct(2, { originalPrice: 30, finalPrice: 19.99 })).percentOff).toBe(
      33,
    );
    expect(
      priceDisplay(makeProduct(2, { originalPrice: 49.95, finalPrice: 39.95 })).percentOff,
    ).toBe(20);
    expect(priceDisplay(makeProduct(2, { originalPrice: 50, finalPrice: 50 }))).toEqual({
      final: 50,
      original: undefined,
      percentOff: 0,
    });
    expect(priceDisplay(makeProduct(2, { originalPrice: 40, finalPrice: 50 }))).toEqual({
      final: 50,
      original: undefined,
      percentOff: 0,
    });
  });

  it("cuts a long description at a word for the meta description", () => {
    expect(metaDescription("  Short   and sweet. ")).toBe("Short and sweet.");
    const long = metaDescription("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(155);
    expect(long.endsWith("word…")).toBe(true);
  });
});

describe("product screen", () => {
  // The route loads lazily; compiling it up front keeps the first case within findBy's timeout.
  beforeAll(() => import("../../web/routes/product"), 30_000);
  beforeEach(() => clearCatalogueCache());

  it("loads a deep link by id and shows the details, price and promises", async () => {
    const fetchMock = stubShop([BOTTLE]);
    renderProduct("prod1");

    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "Hammered Copper Bottle",
    });
    expect(heading).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/product/prod1", expect.anything());
    // The category appears in the breadcrumb and above the name, both leading to its collection.
    const categoryLinks = screen.getAllByRole("link", { name: "Copper Water Bottles" });
    expect(categoryLinks.map((link) => link.getAttribute("href"))).toEqual([
      "/collection?category=Copper%20Water%20Bottles",
      "/collection?category=Copper%20Water%20Bottles",
    ]);
    expect(screen.getByText("1 litre")).toBeTruthy();
    expect(screen.getByText(/Hand-hammered in Moradabad/)).toBeTruthy();
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(textsByRole(tags, "listitem")).toEqual(["copper", "ayurveda"]);
    expect(screen.getByText("-25%")).toBeTruthy();
    expect(screen.getByText("$80.00").closest("del")).toBeTruthy();
    for (const promise of [
      "Easy return & exchange within 7 days",
      "Cash on delivery available",
      "100% Original product",
    ]) {
      expect(screen.getByText(promise)).toBeTruthy();
    }
    await waitFor(() => expect(document.title).toBe("Hammered Copper Bottle — Tamra & Tara"));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      BOTTLE.description,
    );
  });

  it("shows neither badge nor struck price when the product is not on sale", async () => {
    stubShop([makeProduct(1, { originalPrice: 40, finalPrice: 50 })]);
    renderProduct("prod1");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByText("$50.00")).toBeTruthy();
    expect(screen.queryByText("$40.00")).toBeNull();
    expect(document.querySelector("del")).toBeNull();
    expect(screen.queryByText(/^-\d+%$/)).toBeNull();
  });

  it.each([
    ["an unknown id", "prod404"],
    ["a malformed id", "not an id"],
  ])("answers %s with a friendly not-found state", async (_, id) => {
    stubShop([BOTTLE]);
    renderProduct(encodeURIComponent(id));
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse the collection" }).getAttribute("href")).toBe(
      "/collection",
    );
    await waitFor(() => expect(document.title).toBe("Product not found — Tamra & Tara"));
  });

  it("shows the shop's error page, with a reload, when the product cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubShop([], { byIdStatus: 503 });
    renderProduct("prod1");
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
  });

  it("shows three thumbnails at a time and slides the window", async () => {
    stubShop([BOTTLE]);
    renderProduct("prod1");
    await screen.findByRole("heading", { level: 1 });
    const thumbs = () =>
      within(screen.getByRole("list", { name: "Product images" }))
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label"));
    const main = () => screen.getByAltText(/Hammered Copper Bottle, image/);

    expect(thumbs()).toEqual(["Show image 1 of 5", "Show image 2 of 5", "Show image 3 of 5"]);
    expect(main().getAttribute("src")).toBe("/img/1.svg");
    expect(
      screen.getByRole("button", { name: "Previous images" }).getAttribute("aria-disabled"),
    ).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Next images" }));
    fireEvent.click(screen.getByRole("button", { name: "Next images" }));
    fireEvent.click(screen.getByRole("button", { name: "Next images" }));
    expect(thumbs()).toEqual(["Show image 3 of 5", "Show image 4 of 5", "Show image 5 of 5"]);
    expect(screen.getByRole("button", { name: "Next images" }).getAttribute("aria-disabled")).toBe(
      "true",
    );

    fireEvent.click(screen.getByRole("button", { name: "Show image 4 of 5" }));
    expect(main().getAttribute("src")).toBe("/img/4.svg");
    expect(main().getAttribute("alt")).toBe("Hammered Copper Bottle, image 4 of 5");
    expect(
      screen.getByRole("button", { name: "Show image 4 of 5" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("clamps the quantity to 1..10 however it is entered", async () => {
    stubShop([BOTTLE]);
    renderProduct("prod1");
    const input = (await screen.findByRole("spinbutton", { name: "Quantity" })) as HTMLInputElement;
    const type = (value: string) => fireEvent.change(input, { target: { value } });

    type("0");
    expect(input.value).toBe("1");
    type("11");
    expect(input.value).toBe("10");
    type("7");
    expect(input.value).toBe("7");
    type("");
    fireEvent.blur(input);
    expect(input.value).toBe("1");

    const less = screen.getByRole("button", { name: "Decrease quantity" });
    const more = screen.getByRole("button", { name: "Increase quantity" });
    fireEvent.click(less);
    expect(input.value).toBe("1");
    for (let i = 0; i < 12; i++) fireEvent.click(more);
    expect(input.value).toBe("10");
    expect(more.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(less);
    expect(input.value).toBe("9");
  });

  it("adds to the guest cart with a toast, and the navbar count follows at once", async () => {
    stubShop([BOTTLE]);
    renderProduct("prod1");
    const input = await screen.findByRole("spinbutton", { name: "Quantity" });
    fireEvent.change(input, { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));

    expect(await screen.findByText("Added to cart!")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? "{}")).toEqual({
      prod1: {
        _id: "prod1",
        name: "Hammered Copper Bottle",
        price: 60,
        quantity: 3,
        image: "/img/1.svg",
      },
    });
    expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeTruthy();
  });

  it("says Out of stock and disables Add to Cart and the quantity when none is left", async () => {
    stubShop([{ ...BOTTLE, inStock: false, available: 0 }]);
    renderProduct("prod1");

    expect(await screen.findByText("Out of stock")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add to Cart" }).disabled).toBe(
      true,
    );
    expect(screen.getByRole<HTMLInputElement>("spinbutton", { name: "Quantity" }).disabled).toBe(
      true,
    );
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: "Increase quantity" }).disabled,
    ).toBe(true);
    expect(screen.queryByText(/left$/)).toBeNull();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it("says the last units are in other shoppers' checkouts, not sold out, and may come back", async () => {
    stubShop([{ ...BOTTLE, inStock: false, available: 0, held: true }]);
    renderProduct("prod1");

    expect(await screen.findByText("In other shoppers' checkouts")).toBeTruthy();
    expect(screen.getByText(/It may come back soon/)).toBeTruthy();
    expect(screen.queryByText("Out of stock")).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add to Cart" }).disabled).toBe(
      true,
    );
  });

  it("says Only N left at 5 or fewer, and nothing when more are left or stock is untracked", async () => {
    stubShop([
      makeProduct(1, { name: "Two Left", available: 2 }),
      makeProduct(2, { name: "Six Left", available: 6 }),
      makeProduct(3, { name: "Untracked" }),
      makeProduct(4, { name: "Five Left", available: 5 }),
    ]);
    const router = renderProduct("prod1");
    await screen.findByRole("heading", { level: 1, name: "Two Left" });
    expect(screen.getByText("Only 2 left")).toBeTruthy();

    for (const [id, name] of [
      ["prod2", "Six Left"],
      ["prod3", "Untracked"],
    ] as const) {
      await act(() => router.navigate(`/product/${id}`));
      await screen.findByRole("heading", { level: 1, name });
      expect(screen.queryByText(/^Only \d+ left$/)).toBeNull();
      expect(screen.queryByText("Out of stock")).toBeNull();
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add to Cart" }).disabled).toBe(
        false,
      );
    }

    await act(() => router.navigate("/product/prod4"));
    await screen.findByRole("heading", { level: 1, name: "Five Left" });
    expect(screen.getByText("Only 5 left")).toBeTruthy();
  });

  it("caps the quantity at what is left, below SPEC's 10", async () => {
    stubShop([{ ...BOTTLE, available: 3 }]);
    renderProduct("prod1");
    const input = (await screen.findByRole("spinbutton", { name: "Quantity" })) as HTMLInputElement;
    expect(input.max).toBe("3");
    fireEvent.change(input, { target: { value: "7" } });
    expect(input.value).toBe("3");

    fireEvent.change(input, { target: { value: "1" } });
    const more = screen.getByRole("button", { name: "Increase quantity" });
    for (let i = 0; i < 5; i++) fireEvent.click(more);
    expect(input.value).toBe("3");
    expect(more.getAttribute("aria-disabled")).toBe("true");

    await press("Add to Cart");
    expect(await screen.findByText("Added to cart!")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? "{}").prod1.quantity).toBe(3);
  });

  it("says so when the cart cannot be written", async () => {
    stubShop([BOTTLE]);
    renderProduct("prod1");
    await screen.findByRole("heading", { level: 1 });
    vi.stubGlobal("localStorage", {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
      clear: () => {},
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    });
    expect(await screen.findByText("Could not add to cart")).toBeTruthy();
  });

  /** An IntersectionObserver that reports, when told, that every watched element is in view. */
  function stubViewport() {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
      },
    );
    return {
      scrollIntoView: () =>
        act(() => {
          for (const { callback, targets } of observers) {
            const entries = targets.map((target) => ({ target, isIntersecting: true }));
            if (entries.length > 0)
              callback(
                entries as unknown as IntersectionObserverEntry[],
                {} as IntersectionObserver,
              );
          }
        }),
    };
  }

  it("lists related products once their section nears the viewport: same category, a shared tag, not itself", async () => {
    const viewport = stubViewport();
    stubShop([
      BOTTLE,
      makeProduct(2, {
        name: "Ayurveda Copper Jug",
        category: "Copper Water Bottles",
        tags: ["ayurveda"],
      }),
      makeProduct(3, { name: "Gift Bottle", category: "Copper Water Bottles", tags: ["gift"] }),
      makeProduct(4, { name: "Copper Tumbler", category: "Copper Drinkware", tags: ["copper"] }),
    ]);
    renderProduct("prod1");
    const related = await screen.findByRole("region", { name: "Related products" });
    // Below the product on a phone: no cards (nor their pictures) until it nears the viewport.
    expect(within(related).queryAllByRole("link")).toEqual([]);
    viewport.scrollIntoView();
    await within(related).findByText("Ayurveda Copper Jug");
    const cards = within(related).getAllByRole("link");
    expect(cards.map((card) => card.getAttribute("href"))).toEqual(["/product/prod2"]);
  });

  it("leaves the related section out when nothing is related", async () => {
    stubShop([BOTTLE, makeProduct(2, { category: "Wind Chimes", tags: ["copper"] })]);
    renderProduct("prod1");
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Related products" })).toBeNull(),
    );
  });

  it("shows the related products the server answers, as it orders them", async () => {
    const viewport = stubViewport();
    // Unrelated by the shop's rule, and in the server's order: the page shows the answer as is.
    const answer = [
      makeProduct(8, { name: "Brass Diya", category: "Lamps", tags: ["brass"] }),
      makeProduct(6, { name: "Tamra Jug", category: "Copper Water Bottles", tags: ["copper"] }),
    ];
    const fetchMock = stubShop([BOTTLE], { related: answer });
    renderProduct("prod1");
    const related = await screen.findByRole("region", { name: "Related products" });
    expect(within(related).getByRole("heading", { name: "Related products" })).toBeTruthy();
    viewport.scrollIntoView();
    // The carousel's code is a chunk of its own, loaded (and, here, first compiled) only now: on a
    // busy machine that alone has taken seconds, so the wait is for the cards, not for a second.
    await within(related).findByText("Brass Diya", {}, { timeout: 20_000 });
    expect(
      within(related)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Brass Diya", "Tamra Jug"]);
    const requested = requestedPaths(fetchMock);
    expect(requested).toContain("/api/product/prod1/related");
    expect(requested).not.toContain("/api/product/list");
  }, 30_000);

  it("shows no related heading when the server relates nothing", async () => {
    const fetchMock = stubShop(
      [BOTTLE, makeProduct(2, { category: "Copper Water Bottles", tags: ["copper"] })],
      { related: [] },
    );
    renderProduct("prod1");
    await screen.findByRole("heading", { level: 1, name: "Hammered Copper Bottle" });
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain("/api/product/prod1/related"));
    // Give the empty answer its render before looking.
    await act(async () => {});
    expect(screen.queryByRole("heading", { name: "Related products" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Related products" })).toBeNull();
  });
});

describe("moving between products", () => {
  beforeEach(() => clearCatalogueCache());

  it("asks the route's loader for the next product the shopper opens", async () => {
    const second = makeProduct(2, { name: "Copper Tumbler" });
    const fetchMock = stubShop([BOTTLE, second]);
    const router = renderProduct(BOTTLE._id);
    await screen.findByRole("heading", { level: 1, name: "Hammered Copper Bottle" });

    await act(() => router.navigate(paths.product(second._id)));
    expect(await screen.findByRole("heading", { level: 1, name: "Copper Tumbler" })).toBeTruthy();
    expect(requestedPaths(fetchMock)).toContain("/api/product/prod2");
    await waitFor(() => expect(document.title).toBe("Copper Tumbler — Tamra & Tara"));
  });
});
