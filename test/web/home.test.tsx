import { act, fireEvent, render, renderHook, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { Hero } from "../../web/features/home/hero";
import {
  HERO_ROTATION_MS,
  resetPageSettled,
  useHeroRotation,
  VIDEO_DELAY_MS,
} from "../../web/features/home/use-hero-motion";
import { SITE_TITLE } from "../../web/lib/page-title";
import { HomePage, meta } from "../../web/routes/home";
import { makeCategory, makeProduct, requestedPaths, stubApi } from "./helpers";
import { metaTitle } from "./routes";

const renderInRouter = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

const activeSlide = () =>
  [...document.querySelectorAll(".hero-slide")].findIndex((slide) =>
    slide.classList.contains("is-active"),
  );

function preferReducedMotion() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("prefers-reduced-motion"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("hero rotation", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("advances every 7 seconds and wraps after the last slide", () => {
    expect(HERO_ROTATION_MS).toBe(7000);
    const { result } = renderHook(() => useHeroRotation(3, true));
    const seen = [result.current];
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS - 1));
    seen.push(result.current);
    for (let step = 0; step < 3; step++) {
      act(() => vi.advanceTimersByTime(step === 0 ? 1 : HERO_ROTATION_MS));
      seen.push(result.current);
    }
    expect(seen).toEqual([0, 0, 1, 2, 0]);
  });

  it("holds the current slide while stopped and resumes from it", () => {
    const { result, rerender } = renderHook(({ running }) => useHeroRotation(3, running), {
      initialProps: { running: true },
    });
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(result.current).toBe(1);
    rerender({ running: false });
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 3));
    expect(result.current).toBe(1);
    rerender({ running: true });
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(result.current).toBe(2);
  });

  it("cross-fades the backdrop and the panel in step, and can be paused", () => {
    renderInRouter(<Hero />);
    const panelActive = () =>
      [...document.querySelectorAll(".hero-panel-image")].findIndex((image) =>
        image.classList.contains("is-active"),
      );
    expect([activeSlide(), panelActive()]).toEqual([0, 0]);

    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect([activeSlide(), panelActive()]).toEqual([1, 1]);
    expect(document.querySelectorAll("video")).not.toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Pause the background animation" }));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 2));
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Play the background animation" }));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect([activeSlide(), panelActive()]).toEqual([2, 2]);
  });

  it("starts the first video only once the page has loaded and then settled", () => {
    resetPageSettled();
    renderInRouter(<Hero />);
    expect(document.querySelectorAll("video")).toHaveLength(0);
    act(() => vi.advanceTimersByTime(VIDEO_DELAY_MS - 1));
    expect(document.querySelectorAll("video")).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));

    const video = document.querySelector("video");
    expect(video?.getAttribute("src")).toBe("/media/hero-1.mp4");
    expect(video?.getAttribute("preload")).toBe("none");
    expect(video?.hasAttribute("controls")).toBe(false);
    expect(video?.hasAttribute("playsinline")).toBe(true);
    expect(video?.muted).toBe(true);
  });

  it("stops while the tab is hidden", () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    renderInRouter(<Hero />);
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 2));
    expect(activeSlide()).toBe(0);

    visibility.mockReturnValue("visible");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(activeSlide()).toBe(1);
  });

  it("shows the first poster and image, still and without video, for reduced motion", () => {
    preferReducedMotion();
    renderInRouter(<Hero />);
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 2));

    expect(activeSlide()).toBe(0);
    expect(document.querySelectorAll("video")).toHaveLength(0);
    expect(document.querySelectorAll("img.hero-media")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /background animation/ })).toBeNull();
  });
});

describe("hero", () => {
  it("leads with the headline, the shop name and one call to action", () => {
    renderInRouter(<Hero />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Take home luck, prosperity, and healthTamra & Tara");
    const links = screen.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Shop Now", "/collection"],
    ]);
  });

  it("makes the first poster an eager, high-priority image with fixed dimensions", () => {
    renderInRouter(<Hero />);
    const poster = document.querySelector("img.hero-media");
    expect(poster?.getAttribute("src")).toBe("/media/hero-1-poster.webp");
    expect(poster?.getAttribute("fetchpriority")).toBe("high");
    expect(poster?.getAttribute("loading")).toBeNull();
    expect([poster?.getAttribute("width"), poster?.getAttribute("height")]).toEqual([
      "1280",
      "720",
    ]);

    const portrait = screen.getByRole("img", { name: /copper water bottle/ });
    expect(portrait.getAttribute("src")).toBe("/media/hero-image-1.webp");
    expect([portrait.getAttribute("width"), portrait.getAttribute("height")]).toEqual([
      "800",
      "1000",
    ]);
  });
});

describe("home page", () => {
  beforeEach(() => clearCatalogueCache());

  it("shows every section of the SPEC, in order, with working links", async () => {
    const products = Array.from({ length: 14 }, (_, i) =>
      makeProduct(i + 1, { bestseller: i >= 2, name: `Piece ${i + 1}` }),
    );
    const fetchMock = stubApi({
      products,
      categories: [makeCategory(1, "Copper Water Bottles"), makeCategory(2, "Wind Chimes & Bells")],
    });
    renderInRouter(<HomePage />);

    const categories = within(screen.getByRole("region", { name: "Shop by category" }));
    const tiles = await categories.findAllByRole("link");
    expect(tiles.map((tile) => tile.getAttribute("href"))).toEqual([
      "/collection?category=Copper%20Water%20Bottles",
      "/collection?category=Wind%20Chimes%20%26%20Bells",
    ]);
    const art = tiles[0]?.querySelector("img");
    expect(art?.getAttribute("loading")).toBe("lazy");
    expect(art?.getAttribute("width")).toBe("600");

    expect(screen.getByRole("link", { name: "Up to 50% off" }).getAttribute("href")).toBe(
      "/collection?sale=true",
    );
    expect(screen.getByRole("link", { name: "Premium Collection" }).getAttribute("href")).toBe(
      "/collection?premium=true",
    );

    // Below the fold, in a chunk of their own (routes/home.tsx): on screen once it has come.
    const latest = within(await screen.findByRole("region", { name: "Latest collections" }));
    const latestNames = (await latest.findAllByRole("heading", { level: 3 })).map(
      (h) => h.textContent,
    );
    expect(latestNames).toEqual(products.slice(0, 10).map((p) => p.name));
    const best = within(screen.getByRole("region", { name: "Best sellers" }));
    expect(best.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(
      products.slice(2, 12).map((p) => p.name),
    );

    const reviews = within(screen.getByRole("region", { name: "What our customers say" }));
    expect(reviews.getAllByRole("figure")).toHaveLength(3);
    expect(reviews.getAllByText("5 out of 5 stars")).toHaveLength(3);

    const promises = (
      screen.getByRole("region", { name: "Our promises" }).textContent ?? ""
    ).replaceAll("\u2060", "");
    for (const term of ["3–7 business days", "1–2 business days", "30-day", "refund", "Eco"]) {
      expect(promises).toContain(term);
    }
    expect(screen.getByRole("region", { name: "Blessings in your inbox" })).toBeTruthy();

    // The banner's second copy only closes the loop; assistive technology reads one.
    const banner = screen.getByRole("region", { name: "Why shop with us" });
    const lists = banner.querySelectorAll("ul");
    expect([...lists].map((list) => list.getAttribute("aria-hidden"))).toEqual([null, "true"]);

    // Headings never skip a level on the way down.
    const levels = screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
    expect(metaTitle(meta, "/")).toBe(SITE_TITLE);
    expect(requestedPaths(fetchMock)).not.toContain("/api/product/list");
  });

  it("reads both lists from one /api/product/highlights answer, never the whole catalogue", async () => {
    // The server's answer is the lists as they are: nothing is picked, sorted or cut here.
    const latest = [
      makeProduct(7, { name: "Newest Bowl" }),
      makeProduct(3, { name: "Older Bell" }),
    ];
    const bestsellers = [makeProduct(5, { name: "Loved Chime", bestseller: true })];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), "http://shop.test");
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
      if (pathname === "/api/product/highlights") {
        return json({ success: true, latest, bestsellers });
      }
      if (pathname === "/api/category/list") return json({ success: true, categories: [] });
      return new Response(JSON.stringify({ success: false, message: "Not found" }), {
        status: 404,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderInRouter(<HomePage />);

    const names = async (region: string) =>
      (
        await within(await screen.findByRole("region", { name: region })).findAllByRole("heading", {
          level: 3,
        })
      ).map((h) => h.textContent);
    expect(await names("Latest collections")).toEqual(["Newest Bowl", "Older Bell"]);
    expect(await names("Best sellers")).toEqual(["Loved Chime"]);
    const paths = requestedPaths(fetchMock);
    expect(paths.filter((path) => path === "/api/product/highlights")).toHaveLength(1);
    expect(paths).not.toContain("/api/product/list");
  });

  it("explains an empty best-seller shelf instead of showing nothing", async () => {
    stubApi({ products: [makeProduct(1)], categories: [] });
    renderInRouter(<HomePage />);
    expect(await screen.findByText(/favourites are being restocked/)).toBeTruthy();
    expect(screen.getByText(/while we arrange the shelves/)).toBeTruthy();
  });
});
