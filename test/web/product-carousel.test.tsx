import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CAROUSEL_SPACING,
  carouselLayout,
  ProductCarousel,
  productKey,
  shouldUseGrid,
  slidesForWidth,
} from "../../web/features/catalogue/components/product-carousel";
import { makeProduct } from "./helpers";

const products = (count: number) => Array.from({ length: count }, (_, i) => makeProduct(i + 1));

/** happy-dom's own viewport, which its media queries read and whose change fires "resize". */
function setViewportWidth(width: number) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(viewport: { width: number }): void };
  };
  act(() => happyDOM.setViewport({ width }));
}

/** happy-dom's observer never reports; this one reports every target as on screen at once. */
function stubIntersectionObserver() {
  class OnScreen {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", OnScreen);
}

const renderCarousel = (count: number, label = "Best sellers") =>
  render(
    <MemoryRouter>
      <ProductCarousel products={products(count)} label={label} />
    </MemoryRouter>,
  );

afterEach(() => setViewportWidth(1024));

describe("slides per view and spacing", () => {
  it.each([
    [320, 1, CAROUSEL_SPACING.small],
    [640, 1, 8],
    [641, 2, 12],
    [768, 2, 12],
    [1024, 2, 12],
    [1025, 4, 16],
    [1280, 4, 16],
  ])("at %ipx shows %i slides %ipx apart", (width, slides, gap) => {
    expect(slidesForWidth(width)).toBe(slides);
    expect(carouselLayout(20, width).spaceBetween).toBe(gap);
  });

  it("honours a custom number of slides per view", () => {
    const perView = { small: 2, medium: 3, large: 5 };
    expect([640, 641, 1024, 1025].map((width) => slidesForWidth(width, perView))).toEqual([
      2, 3, 3, 5,
    ]);
  });
});

describe("carousel or grid", () => {
  it("uses a grid when the items do not exceed the slides in view", () => {
    expect(shouldUseGrid(0, 1)).toBe(true);
    expect(shouldUseGrid(4, 4)).toBe(true);
    expect(shouldUseGrid(5, 4)).toBe(false);
  });

  it.each([
    [640, 1, "grid"],
    [640, 2, "carousel"],
    [641, 2, "grid"],
    [641, 3, "carousel"],
    [1024, 2, "grid"],
    [1024, 3, "carousel"],
    [1025, 4, "grid"],
    [1025, 5, "carousel"],
  ] as const)("at %ipx, %i items make a %s", (width, count, mode) => {
    expect(carouselLayout(count, width).mode).toBe(mode);
  });

  it("identifies items by _id, or by id when there is none", () => {
    expect(productKey(makeProduct(7))).toBe("prod7");
    expect(productKey({ ...makeProduct(7), _id: "", id: "legacy-7" })).toBe("legacy-7");
  });
});

describe("ProductCarousel", () => {
  it("renders a plain grid, without arrows, when everything fits", () => {
    setViewportWidth(1280);
    renderCarousel(4);

    const grid = screen.getByRole("list", { name: "Best sellers" });
    expect(grid.classList.contains("carousel-grid")).toBe(true);
    expect(within(grid).getAllByRole("listitem")).toHaveLength(4);
    expect(grid.style.getPropertyValue("--per-view")).toBe("4");
    expect(screen.queryByRole("button", { name: "Next products" })).toBeNull();
  });

  it("switches between grid and carousel as the window is resized", () => {
    setViewportWidth(1280);
    renderCarousel(3);
    expect(screen.queryByRole("group", { name: "Best sellers" })).toBeNull();

    setViewportWidth(1024);
    const carousel = screen.getByRole("group", { name: "Best sellers" });
    expect(carousel.getAttribute("aria-roledescription")).toBe("carousel");
    expect(carousel.style.getPropertyValue("--gap")).toBe("12px");

    setViewportWidth(375);
    expect(
      screen.getByRole("group", { name: "Best sellers" }).style.getPropertyValue("--gap"),
    ).toBe("8px");
  });

  it("holds the first view in a static track until the carousel's code is wanted", () => {
    setViewportWidth(768);
    renderCarousel(10);

    const items = within(screen.getByRole("group", { name: "Best sellers" })).getAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(10);
    // Only the first view (two slides at 768px) can be reached before Swiper takes over.
    expect(items.map((item) => item.hasAttribute("inert"))).toEqual([
      false,
      false,
      ...Array(8).fill(true),
    ]);
    expect(screen.queryByRole("button", { name: "Next products" })).toBeNull();
  });

  it("still loads the carousel when a resize turns the grid into one", async () => {
    stubIntersectionObserver();
    setViewportWidth(1280);
    renderCarousel(3);
    expect(screen.queryByRole("button", { name: "Next products" })).toBeNull();

    setViewportWidth(768);
    expect(await screen.findByRole("button", { name: "Next products" })).toBeTruthy();
  });

  it("loads the looping carousel with named arrows near the viewport", async () => {
    stubIntersectionObserver();
    setViewportWidth(1280);
    renderCarousel(10, "Latest collections");

    const next = await screen.findByRole("button", { name: "Next products" });
    const previous = screen.getByRole("button", { name: "Previous products" });
    const carousel = screen.getByRole("group", { name: "Latest collections" });
    expect(next.getAttribute("aria-controls")).toBe(previous.getAttribute("aria-controls"));
    const slides = carousel.querySelectorAll(".swiper-slide");
    expect(slides).toHaveLength(10);
    expect([...slides].map((slide) => slide.tagName)).toEqual(Array(10).fill("LI"));
    expect(within(carousel).getAllByRole("link")[0]?.getAttribute("href")).toMatch(/^\/product\//);
  });
});
