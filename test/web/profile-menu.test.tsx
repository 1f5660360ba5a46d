import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Navbar } from "../../web/app/navbar";
import { greeting, ProfileMenu, profilePath } from "../../web/app/profile-menu";
import { clearStoredSession, ROLE_KEY, TOKEN_KEY } from "../../web/lib/stored-session";

afterEach(() => {
  localStorage.clear();
  clearStoredSession();
});

describe("ProfileMenu", () => {
  it("greets by name, or 'User' without one", () => {
    expect(greeting("Asha")).toBe("Welcome back, Asha!");
    expect(greeting("")).toBe("Welcome back, User!");
    expect(greeting(null)).toBe("Welcome back, User!");
  });

  it("sends creators to /creator-profile and everyone else to /profile", () => {
    expect(profilePath("creator")).toBe("/creator-profile");
    expect(profilePath("user")).toBe("/profile");
    expect(profilePath(null)).toBe("/profile");
  });

  it("opens on click with My Profile, Orders and Logout, and closes on Escape", () => {
    const onLogout = vi.fn();
    render(
      <MemoryRouter>
        <ProfileMenu name="Priya" userRole="creator" onLogout={onLogout} />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole("button", { name: "Your account" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Welcome back, Priya!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "My Profile" }).getAttribute("href")).toBe(
      "/creator-profile",
    );
    expect(screen.getByRole("link", { name: "Orders" }).getAttribute("href")).toBe("/orders");

    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    });
    expect(screen.queryByText("Welcome back, Priya!")).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("ProfileMenu with a mouse (hover-capable, wide screen)", () => {
  it("opens on hover and a following click keeps it open; keyboard activation toggles", () => {
    const matchMedia = vi.fn(() => ({ matches: true }) as MediaQueryList);
    vi.stubGlobal("matchMedia", matchMedia);
    try {
      render(
        <MemoryRouter>
          <ProfileMenu name="Sam" onLogout={() => {}} />
        </MemoryRouter>,
      );
      const toggle = screen.getByRole("button", { name: "Your account" });
      const menu = toggle.parentElement as HTMLElement;
      fireEvent.mouseEnter(menu);
      expect(toggle.getAttribute("aria-expanded")).toBe("true");
      fireEvent.click(toggle, { detail: 1 });
      expect(toggle.getAttribute("aria-expanded")).toBe("true");
      fireEvent.click(toggle, { detail: 0 });
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(toggle, { detail: 0 });
      fireEvent.mouseLeave(menu);
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("Navbar session state", () => {
  const renderAt = () =>
    render(
      <MemoryRouter initialEntries={["/collection"]}>
        <Navbar />
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="*" element={<p>other page</p>} />
        </Routes>
      </MemoryRouter>,
    );

  it("shows the sign-in icon without a token", () => {
    renderAt();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: "Your account" })).toBeNull();
  });

  it("shows the profile menu with a token, and Logout forgets it, tells the server and goes home", () => {
    // The server's answer to the logout, so no request leaves the test.
    const fetchMock = vi.fn(async () => Response.json({ success: true }));
    vi.stubGlobal("fetch", fetchMock);
    localStorage.setItem(TOKEN_KEY, "a.b.c");
    localStorage.setItem(ROLE_KEY, "user");
    renderAt();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Your account" }));
    expect(screen.getByText("Welcome back, User!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ROLE_KEY)).toBeNull();
    expect(screen.getByText("home page")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
    const paths = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(paths.filter((path) => path.endsWith("/api/logout"))).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
