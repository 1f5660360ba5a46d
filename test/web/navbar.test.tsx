import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Navbar } from "../../web/app/navbar";
import { countGuestCart, GUEST_CART_KEY } from "../../web/features/cart/use-cart-count";

const renderNavbar = () =>
  render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );

function scrollWindowTo(y: number) {
  act(() => {
    document.documentElement.scrollTop = y;
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("Navbar", () => {
  it("turns into the pill after scrolling past 100px and back at the top", () => {
    renderNavbar();
    const header = screen.getByRole("banner");
    expect(header.classList.contains("is-pill")).toBe(false);

    scrollWindowTo(100);
    expect(header.classList.contains("is-pill")).toBe(false);
    scrollWindowTo(101);
    expect(header.classList.contains("is-pill")).toBe(true);
    scrollWindowTo(0);
    expect(header.classList.contains("is-pill")).toBe(false);
  });

  it("links the screens, search, sign-in and cart", () => {
    renderNavbar();
    const href = (name: string | RegExp) => screen.getByRole("link", { name }).getAttribute("href");
    expect(["Home", "Collection", "Blog", "Contact"].map((name) => href(name))).toEqual([
      "/",
      "/collection",
      "/blog",
      "/contact",
    ]);
    expect(href("Search products")).toBe("/collection#search");
    expect(href("Sign in")).toBe("/login");
    expect(href("Cart, 0 items")).toBe("/cart");
  });

  it("opens and closes the mobile menu with its toggle", () => {
    renderNavbar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu?.classList.contains("is-open")).toBe(true);

    fireEvent.click(screen.getByRole("link", { name: "Blog" }));
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });

  it("counts guest cart items and follows changes from other tabs", () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({ a: { quantity: 2 }, b: { quantity: 3 } }),
    );
    renderNavbar();
    expect(screen.getByRole("link", { name: "Cart, 5 items" })).toBeTruthy();

    act(() => {
      localStorage.setItem(GUEST_CART_KEY, JSON.stringify({ a: { quantity: 1 } }));
      window.dispatchEvent(new StorageEvent("storage", { key: GUEST_CART_KEY }));
    });
    expect(screen.getByRole("link", { name: "Cart, 1 item" })).toBeTruthy();
  });
});

describe("countGuestCart", () => {
  it("sums positive quantities and ignores anything unreadable", () => {
    expect(countGuestCart(null)).toBe(0);
    expect(countGuestCart("not json")).toBe(0);
    expect(countGuestCart("[]")).toBe(0);
    expect(
      countGuestCart(JSON.stringify({ a: { quantity: 4 }, b: null, c: { quantity: "2" } })),
    ).toBe(4);
    expect(countGuestCart(JSON.stringify({ a: { quantity: -1 }, b: { quantity: 2 } }))).toBe(2);
  });
});
