import { act, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { toast } from "react-toastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { makeCategory, makeProduct, stubApi } from "./helpers";
import { shopRoutes } from "./routes";

function renderApp(path = "/") {
  const router = createMemoryRouter(shopRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("layout", () => {
  beforeEach(() => clearCatalogueCache());

  it("shows toasts bottom-right, closing after one second, without injecting styles", async () => {
    stubApi();
    renderApp();
    await screen.findByRole("heading", { level: 1 });

    act(() => {
      toast.success("Added to cart!");
    });
    const message = await screen.findByText("Added to cart!");
    const container = message.closest(".Toastify__toast-container");
    expect(container?.classList.contains("Toastify__toast-container--bottom-right")).toBe(true);
    const progress = container?.querySelector<HTMLElement>(".Toastify__progress-bar");
    expect(progress?.style.animationDuration).toBe("1000ms");
    // The CSP allows no inline <style>; the toast styles come from the bundled stylesheet.
    expect(document.querySelectorAll("style")).toHaveLength(0);
  });

  it("scrolls to the top whenever the path changes", async () => {
    stubApi();
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const router = renderApp();
    await screen.findByRole("heading", { level: 1 });
    scrollTo.mockClear();

    await act(() => router.navigate("/somewhere-else"));
    await screen.findByRole("heading", { name: "Page not found" });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe("home", () => {
  beforeEach(() => clearCatalogueCache());

  it("leads with the hero and lists the ten newest products", async () => {
    const products = Array.from({ length: 12 }, (_, i) => makeProduct(i + 1));
    products[0] = makeProduct(1, {
      name: "Hammered Copper Bottle",
      originalPrice: 80,
      finalPrice: 60,
    });
    stubApi({ products, categories: [makeCategory(1)] });
    renderApp();

    const hero = await screen.findByRole("heading", { level: 1 });
    expect(hero.textContent).toBe("Take home luck, prosperity, and healthTamra & Tara");
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/collection");
    const poster = document.querySelector("img.hero-media");
    expect(poster?.getAttribute("src")).toBe("/media/hero-1-poster.webp");
    expect(poster?.getAttribute("fetchpriority")).toBe("high");
    await waitFor(() => expect(document.title).toContain("Tamra & Tara"));

    const latest = screen.getByRole("region", { name: "Latest collections" });
    const cards = await within(latest).findAllByRole("listitem");
    expect(cards).toHaveLength(10);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole("link").getAttribute("href")).toBe("/product/prod1");
    expect(first.getByText("Hammered Copper Bottle")).toBeTruthy();
    expect(first.getByText("$60.00")).toBeTruthy();
    expect(first.getByText("$80.00").closest("del")).toBeTruthy();
    expect(first.getByText("25% off")).toBeTruthy();
    const image = cards[0]?.querySelector("img");
    expect(image?.getAttribute("src")).toBe("/images/products/prod1/1.svg");
    expect(image?.getAttribute("loading")).toBe("lazy");
    expect(within(cards[1] as HTMLElement).queryByText(/% off/)).toBeNull();
  });

  it("toasts once when the products cannot be loaded", async () => {
    stubApi({ failWith: 503 });
    renderApp();

    expect(await screen.findByText("Could not load products")).toBeTruthy();
    // The lists render their answers in a transition, a moment after the toast.
    expect(await screen.findByText(/Our shelves could not be reached/)).toBeTruthy();
  });

  it("answers unknown paths with a friendly not-found page", async () => {
    stubApi();
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return home" }).getAttribute("href")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Page not found — Tamra & Tara"));
  });
});

const Blank = () => null;
const ThrowingScreen = () => {
  throw new Error("The diya went out");
};

describe("router error page", () => {
  beforeEach(() => clearCatalogueCache());

  const withFailingScreen = (failing: { loader?: () => never; Component?: () => never }) => {
    const root = shopRoutes()[0];
    if (!root || root.index) throw new Error("The first route should be the layout");
    const router = createMemoryRouter(
      [
        {
          ...root,
          children: [{ path: "boom", Component: Blank, HydrateFallback: Blank, ...failing }],
        },
      ],
      { initialEntries: ["/boom"] },
    );
    render(<RouterProvider router={router} />);
  };

  it("shows the status of a failed response", async () => {
    stubApi();
    withFailingScreen({
      loader: () => {
        throw new Response("", { status: 503, statusText: "Service Unavailable" });
      },
    });
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy();
    expect(screen.getByText("503 Service Unavailable")).toBeTruthy();
  });

  it("shows the message of an error thrown while rendering", async () => {
    stubApi();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    withFailingScreen({
      Component: ThrowingScreen,
    });
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy();
    expect(screen.getByText("The diya went out")).toBeTruthy();
  });
});
