// The pages' pre-rendered first frames (app/render-shell.tsx) and how the app takes them over
// (app/frame.ts, app/start.tsx, app/early-clicks.ts): a frame the app hydrates must be exactly its
// first render.
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdEarlyClicks } from "../../web/app/early-clicks";
import { FIRST_PAINT_WAIT_MS, firstFramePainted } from "../../web/app/first-frame";
import { frameFits, readFrame } from "../../web/app/frame";
import { renderShell, type StaticShell, staticShells } from "../../web/app/render-shell";
import { routes } from "../../web/app/router";
import { routerReady } from "../../web/app/router-ready";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { paths } from "../../web/lib/paths";
import { stubApi } from "./helpers";

const shellFor = (path: string): StaticShell => {
  const shell = staticShells().find((candidate) => candidate.path === path);
  if (!shell) throw new Error(`no shell for ${path}`);
  return shell;
};

describe("the pages' files", () => {
  it("gives every screen of the route table a file, pre-rendering the four landing screens and the not-found page", () => {
    const shells = staticShells();
    const files = shells.map(({ file }) => file);
    expect(new Set(files).size).toBe(files.length);
    for (const path of Object.values(paths)) {
      if (typeof path !== "string" || path.includes("#")) continue;
      expect(shells.some((shell) => shell.path === path)).toBe(true);
    }
    expect(shellFor("/").file).toBe("index.html");
    expect(shellFor("/product/:productId").rewrite).toBe("/product/*");
    const rendered = shells.filter((shell) => shell.screen).map(({ path }) => path);
    expect(rendered).toEqual(["/", "/collection", "/product/:productId", "/cart", "*"]);
    expect(shellFor("*").file).toBe("404.html");
  });

  it("renders the home hero with its poster, and other screens' frames as the spinner", async () => {
    const home = await renderShell(shellFor("/"));
    expect(home).toContain('id="hero-heading"');
    expect(home).toContain('src="/media/hero-1-poster.webp"');
    const login = await renderShell(shellFor(paths.login));
    expect(login).toContain('class="page-loading"');
    expect(login).toContain('class="site-header"');
  });

  it("shows the cart loading, never empty: the build cannot see the visitor's cart", async () => {
    const cart = await renderShell(shellFor(paths.cart));
    expect(cart).toContain("Loading your cart");
    expect(cart).not.toContain("Your cart is empty");
    expect(shellFor(paths.cart).readsStorage).toBe(true);
  });

  it("leaves the year out of the footer, so the HTML never shows the build's year", async () => {
    const home = await renderShell(shellFor("/"));
    expect(home).toMatch(/© Tamra &amp; Tara\. All rights reserved\./);
  });
});

describe("taking a frame over", () => {
  it("reads which route the frame renders from #root", () => {
    const root = document.createElement("div");
    expect(readFrame(root)).toBeNull();
    root.dataset.frame = "/collection";
    root.dataset.frameScreen = "";
    root.dataset.frameQuery = "";
    expect(readFrame(root)).toEqual({ path: "/collection", screen: true, readsQuery: true });
  });

  it("hydrates only where the app's first render is the frame", () => {
    const product = { path: "/product/:productId", screen: true, readsQuery: false };
    expect(frameFits(product, { pathname: "/product/abc", search: "?ref=x" })).toBe(true);
    expect(frameFits(product, { pathname: "/products", search: "" })).toBe(false);
    const home = { path: "/", screen: true, readsQuery: false };
    expect(frameFits(home, { pathname: "/no/such/page", search: "" })).toBe(false);
    const collection = { path: "/collection", screen: true, readsQuery: true };
    expect(frameFits(collection, { pathname: "/collection", search: "" })).toBe(true);
    expect(frameFits(collection, { pathname: "/collection", search: "?sale=true" })).toBe(false);
  });
});

describe("hydrating a frame", () => {
  let root: Root | undefined;
  let container: HTMLElement;

  beforeEach(() => {
    clearCatalogueCache();
    container = document.createElement("div");
    document.body.append(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  /** Hydrates the frame of `shell` at `address` as app/start.tsx does; returns React's complaints. */
  async function hydrate(shell: StaticShell, address: string) {
    container.innerHTML = await renderShell(shell);
    const heading = container.querySelector(".site-header");
    const router = createMemoryRouter(routes, { initialEntries: [address] });
    if (shell.screen) await routerReady(router);
    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <RouterProvider router={router} />, { onRecoverableError });
    });
    return { onRecoverableError, kept: container.querySelector(".site-header") === heading };
  }

  it.each([
    ["/", "/"],
    ["/collection", "/collection"],
    ["/product/:productId", "/product/prod1"],
    [paths.login, paths.login],
  ])("takes over the %s frame at %s without a mismatch", async (path, address) => {
    stubApi();
    const { onRecoverableError, kept } = await hydrate(shellFor(path), address);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(kept).toBe(true);
  });

  it("takes the frame over for a signed-in visitor too, then shows their account", async () => {
    localStorage.setItem("token", "signed-in");
    stubApi();
    const { onRecoverableError, kept } = await hydrate(shellFor("/"), "/");
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(kept).toBe(true);
    expect(container.querySelector('[aria-label="Your account"]')).not.toBeNull();
  });
});

describe("waiting for the home hero's poster", () => {
  afterEach(() => vi.useRealTimers());

  it("starts the app after the poster has decoded, or after FIRST_PAINT_WAIT_MS at the latest", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
    const root = document.createElement("div");
    root.innerHTML = '<img fetchpriority="high" src="/media/hero-1-poster.webp" alt="">';
    const poster = root.querySelector("img") as HTMLImageElement;
    let decoded: () => void = () => {};
    poster.decode = () => new Promise<void>((resolve) => (decoded = resolve));

    let started = false;
    void firstFramePainted(root).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(false);
    decoded();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(true);

    // A poster that never arrives holds the app back for FIRST_PAINT_WAIT_MS only.
    poster.decode = () => new Promise<void>(() => {});
    started = false;
    void firstFramePainted(root).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 100);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toBe(true);
  });
});

describe("clicks before the app has started", () => {
  it("clicks held buttons again once the app has started, if they are still on the page", () => {
    const root = document.createElement("div");
    root.innerHTML =
      "<button>Open menu</button><button>Gone</button><a href='#x'>Link</a>" +
      "<form><button>Search</button></form>";
    const submitted = vi.fn((event: Event) => event.preventDefault());
    root.querySelector("form")?.addEventListener("submit", submitted);
    document.body.append(root);
    const [kept, gone] = [...root.querySelectorAll("button")] as HTMLButtonElement[];
    const replay = holdEarlyClicks(root);
    kept?.click();
    gone?.click();
    root.querySelector("a")?.click();
    // A form is not submitted the browser's way before the app can handle it.
    root.querySelector<HTMLButtonElement>("form button")?.click();
    expect(submitted).not.toHaveBeenCalled();

    const clicked: string[] = [];
    root.addEventListener("click", (event) => {
      clicked.push((event.target as HTMLElement).textContent ?? "");
    });
    gone?.remove();
    replay();
    expect(clicked).toEqual(["Open menu", "Search"]);
    expect(submitted).toHaveBeenCalledOnce();
    kept?.click();
    expect(clicked).toEqual(["Open menu", "Search", "Open menu"]);
    root.remove();
  });

  it("keeps a held click from listeners the app adds while it starts, so it counts once", () => {
    const root = document.createElement("div");
    root.innerHTML = "<button>Open menu</button>";
    document.body.append(root);
    const replay = holdEarlyClicks(root);
    // As React does from hydrateRoot on: one listener on the root for every click.
    const handled = vi.fn();
    root.addEventListener("click", handled, true);
    root.querySelector("button")?.click();
    expect(handled).not.toHaveBeenCalled();
    replay();
    expect(handled).toHaveBeenCalledOnce();
    root.remove();
  });
});
