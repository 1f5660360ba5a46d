import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Navbar } from "../../web/app/navbar";
import { GUEST_CART_KEY } from "../../web/features/cart/guest-cart";
import { SESSION_LOGOUT_EVENT } from "../../web/features/session/end-session";
import { useSession } from "../../web/features/session/session-context";
import { callsTo, currentLocation, json, openScreen } from "./account-helpers";

const ME = { _id: "u1", name: "Asha Rao", email: "asha@example.com", role: "user" };

function Probe() {
  const session = useSession();
  return (
    <div>
      <p data-testid="state">
        {JSON.stringify({ token: session.token, role: session.role, loading: session.loading })}
      </p>
      <p data-testid="user">{session.user?.name ?? "nobody"}</p>
      <button type="button" onClick={() => session.login("t-new", "creator")}>
        Log in
      </button>
      <button type="button" onClick={() => void session.logout()}>
        Log out
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");

describe("session", () => {
  it("restores token and role from storage, loads the user, and is not loading after", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("role", "user");
    const fetchMock = openScreen("/probe", <Probe />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    expect(state()).toEqual({ token: "t1", role: "user", loading: true });
    expect(await screen.findByText("Asha Rao")).toBeTruthy();
    expect(state().loading).toBe(false);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("token")).toBe("t1");
  });

  it("stays signed out without a token and fetches nothing", () => {
    const fetchMock = openScreen("/probe", <Probe />);
    expect(state()).toEqual({ token: null, role: null, loading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("login stores token and role and fetches the user", async () => {
    openScreen("/probe", <Probe />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(localStorage.getItem("token")).toBe("t-new");
    expect(localStorage.getItem("role")).toBe("creator");
    expect(await screen.findByText("Asha Rao")).toBeTruthy();
  });

  it("logout clears token, role, user and cart, calls the server, says so and goes home", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("role", "user");
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({ p1: { name: "Bowl", price: 5, quantity: 2, image: "" } }),
    );
    const onLogout = vi.fn();
    window.addEventListener(SESSION_LOGOUT_EVENT, onLogout);
    const fetchMock = openScreen("/probe", <Probe />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
      "POST /api/logout": () => json(200, { success: true, message: "Logged out" }),
    });
    await screen.findByText("Asha Rao");

    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/logout")).toHaveLength(1);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("role")).toBeNull();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(currentLocation()).toBe("/"));
    window.removeEventListener(SESSION_LOGOUT_EVENT, onLogout);
  });

  it("logout still signs out locally when the server call fails", async () => {
    localStorage.setItem("token", "t1");
    openScreen("/probe", <Probe />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
      "POST /api/logout": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Session expired or already logged out.")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("a failed refresh signs out and sends the user to /login", async () => {
    localStorage.setItem("token", "stale");
    openScreen("/probe", <Probe />, {
      "GET /api/user/me": () => json(401, { success: false, message: "Token expired" }),
      "POST /api/refresh": () => json(401, { success: false, message: "Session over" }),
    });
    expect(await screen.findByText("Session expired, please log in again.")).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe("/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("greets the signed-in user by name in the navbar's menu", async () => {
    localStorage.setItem("token", "t1");
    openScreen("/probe", <Navbar />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    await act(async () => {}); // the user fetch settles
    fireEvent.click(screen.getByRole("button", { name: "Your account" }));
    expect(await screen.findByText("Welcome back, Asha Rao!")).toBeTruthy();
  });

  it("useSession answers from storage without a provider", () => {
    localStorage.setItem("token", "t9");
    localStorage.setItem("role", "user");
    const router = createMemoryRouter([{ path: "/", element: <Probe /> }]);
    render(<RouterProvider router={router} />);
    expect(state()).toEqual({ token: "t9", role: "user", loading: false });
  });
});
