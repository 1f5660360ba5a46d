import { act, renderHook, waitFor } from "@testing-library/react";
import { toast } from "react-toastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "../../web/features/cart/add-to-cart";
import { CART_SYNC_KEY, syncCartSession } from "../../web/features/cart/cart-state";
import { addToGuestCart, GUEST_CART_KEY, type GuestCart } from "../../web/features/cart/guest-cart";
import { useCart } from "../../web/features/cart/use-cart";
import { useCartCount } from "../../web/features/cart/use-cart-count";
import { SESSION_LOGOUT_EVENT } from "../../web/features/session/end-session";
import { clearStoredSession, storeSession } from "../../web/lib/stored-session";
import { makeProduct } from "./helpers";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const line = (n: number, quantity: number, price = 10) => ({
  _id: `prod${n}`,
  name: `Copper Piece ${n}`,
  price,
  quantity,
  image: `/images/products/prod${n}/1.svg`,
});

/**
 * The Worker's cart routes over one in-memory cart, as the contract describes them: merge adds and
 * caps at 10, update 0 removes. `fail` answers a path with an error; `hold` keeps a path's answer
 * until released, to look at the screen while the call is out.
 */
function fakeCartServer(start: GuestCart = {}) {
  let cart: GuestCart = structuredClone(start);
  const fail = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://shop.test").pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    await held.get(path);
    const status = fail.get(path);
    if (status) return json(status, { success: false, message: `Refused: ${path}` });
    if (path === "/api/cart/merge") {
      for (const [id, item] of Object.entries(body.cartData as GuestCart)) {
        const quantity = Math.min(10, (cart[id]?.quantity ?? 0) + item.quantity);
        cart[id] = { ...(cart[id] ?? item), quantity };
      }
    } else if (path === "/api/cart/update" || path === "/api/cart/add") {
      const { itemId, quantity } = body as { itemId: string; quantity: number };
      const n = Number(itemId.replace("prod", ""));
      const next = path.endsWith("add") ? (cart[itemId]?.quantity ?? 0) + quantity : quantity;
      if (next === 0) delete cart[itemId];
      else cart[itemId] = { ...(cart[itemId] ?? line(n, 0, 50)), quantity: Math.min(10, next) };
    } else if (path === "/api/cart/clear") {
      cart = {};
    } else if (path !== "/api/cart/get") {
      return json(404, { success: false, message: "Not found" });
    }
    return json(200, { success: true, cartData: cart, message: "ok" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    paths: () => calls.map((call) => call.path),
    calls,
    fail: (path: string, status = 400) => fail.set(path, status),
    /** Holds the next answers on a path; returns the release. */
    hold(path: string) {
      let release = () => {};
      held.set(
        path,
        new Promise<void>((resolve) => {
          release = () => {
            held.delete(path);
            resolve();
          };
        }),
      );
      return () => release();
    },
    set: (next: GuestCart) => {
      cart = next;
    },
  };
}

const storedGuestCart = () => localStorage.getItem(GUEST_CART_KEY);
const quantities = (lines: { _id: string; quantity: number }[]) =>
  Object.fromEntries(lines.map(({ _id, quantity }) => [_id, quantity]));

function signIn() {
  act(() => storeSession("token-1", "user"));
}

beforeEach(() => {
  // The store lives for the page; each test starts it signed out.
  syncCartSession(null);
});

describe("guest cart", () => {
  it("reads the stored cart and changes it in storage, without calling the server", () => {
    const server = fakeCartServer();
    addToGuestCart(makeProduct(1), 2);
    const { result } = renderHook(() => useCart());
    expect(result.current.signedIn).toBe(false);
    expect(quantities(result.current.lines)).toEqual({ prod1: 2 });

    act(() => void result.current.setQuantity("prod1", 7));
    expect(JSON.parse(storedGuestCart() ?? "{}").prod1.quantity).toBe(7);
    act(() => void result.current.setQuantity("prod1", 25));
    expect(quantities(result.current.lines)).toEqual({ prod1: 10 });
    act(() => void result.current.remove("prod1"));
    expect(result.current.lines).toEqual([]);
    expect(storedGuestCart()).toBeNull();
    expect(server.fetchMock).not.toHaveBeenCalled();
  });
});

describe("signing in", () => {
  it("merges the stored guest cart, removes it from storage, then loads the server cart", async () => {
    const server = fakeCartServer({ prod2: line(2, 9) });
    addToGuestCart(makeProduct(1, { finalPrice: 19.95 }), 3);
    addToGuestCart(makeProduct(2), 4);
    const guest = JSON.parse(storedGuestCart() ?? "{}");
    const { result } = renderHook(() => useCart());

    signIn();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(server.paths()).toEqual(["/api/cart/merge", "/api/cart/get"]);
    expect(server.calls[0]?.body).toEqual({ cartData: guest });
    expect(storedGuestCart()).toBeNull();
    expect(quantities(result.current.lines)).toEqual({ prod2: 10, prod1: 3 });
  });

  it("only loads the server cart when there is no guest cart", async () => {
    const server = fakeCartServer({ prod5: line(5, 2) });
    storeSession("token-1", "user");
    const { result } = renderHook(() => useCart());
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(server.paths()).toEqual(["/api/cart/get"]);
    expect(quantities(result.current.lines)).toEqual({ prod5: 2 });
  });

  it("removes the guest cart from storage even when the merge fails, and says why", async () => {
    const error = vi.spyOn(toast, "error").mockReturnValue("toast");
    const server = fakeCartServer({ prod4: line(4, 1) });
    server.fail("/api/cart/merge", 500);
    addToGuestCart(makeProduct(1), 2);
    const { result } = renderHook(() => useCart());

    signIn();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(storedGuestCart()).toBeNull();
    expect(error).toHaveBeenCalledWith("Refused: /api/cart/merge");
    expect(server.paths()).toEqual(["/api/cart/merge", "/api/cart/get"]);
    expect(quantities(result.current.lines)).toEqual({ prod4: 1 });
  });
});

describe("signed-in changes", () => {
  async function signedInCart(start: GuestCart) {
    const server = fakeCartServer(start);
    storeSession("token-1", "user");
    const hook = renderHook(() => useCart());
    await waitFor(() => expect(hook.result.current.status).toBe("ready"));
    server.calls.length = 0;
    return { server, result: hook.result };
  }

  it("shows a new quantity at once, then sends it", async () => {
    const { server, result } = await signedInCart({ prod1: line(1, 2) });
    const release = server.hold("/api/cart/update");
    act(() => void result.current.setQuantity("prod1", 6));
    expect(quantities(result.current.lines)).toEqual({ prod1: 6 });
    expect(server.calls).toEqual([
      { path: "/api/cart/update", body: { itemId: "prod1", quantity: 6 } },
    ]);
    await act(async () => release());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(quantities(result.current.lines)).toEqual({ prod1: 6 });
  });

  it("rolls back, toasts the server's message and reloads when a change is refused", async () => {
    const error = vi.spyOn(toast, "error").mockReturnValue("toast");
    const { server, result } = await signedInCart({ prod1: line(1, 2), prod2: line(2, 1) });
    server.fail("/api/cart/update", 400);
    const release = server.hold("/api/cart/update");

    act(() => void result.current.setQuantity("prod1", 9));
    expect(quantities(result.current.lines)).toEqual({ prod1: 9, prod2: 1 });
    await act(async () => release());
    await waitFor(() => expect(error).toHaveBeenCalledWith("Refused: /api/cart/update"));
    await waitFor(() => expect(server.paths()).toEqual(["/api/cart/update", "/api/cart/get"]));
    expect(quantities(result.current.lines)).toEqual({ prod1: 2, prod2: 1 });
  });

  it("removes a line by sending quantity 0", async () => {
    const { server, result } = await signedInCart({ prod1: line(1, 2), prod2: line(2, 1) });
    await act(() => result.current.remove("prod1"));
    expect(server.calls).toEqual([
      { path: "/api/cart/update", body: { itemId: "prod1", quantity: 0 } },
    ]);
    expect(quantities(result.current.lines)).toEqual({ prod2: 1 });
  });

  it("sends only whole quantities within 0..10", async () => {
    const { server, result } = await signedInCart({ prod1: line(1, 2) });
    await act(() => result.current.setQuantity("prod1", 14));
    await act(() => result.current.setQuantity("prod1", 3.7));
    await act(() => result.current.setQuantity("prod1", -2));
    expect(server.calls.map((call) => call.body)).toEqual([
      { itemId: "prod1", quantity: 10 },
      { itemId: "prod1", quantity: 3 },
      { itemId: "prod1", quantity: 0 },
    ]);
  });

  it("routes the product page's addToCart to the server cart, leaving storage alone", async () => {
    const { server, result } = await signedInCart({});
    const added = await act(() => addToCart(makeProduct(3), 2));
    expect(server.calls).toEqual([
      { path: "/api/cart/add", body: { itemId: "prod3", quantity: 2 } },
    ]);
    expect(added.quantity).toBe(2);
    expect(quantities(result.current.lines)).toEqual({ prod3: 2 });
    expect(storedGuestCart()).toBeNull();
  });

  it("rejects addToCart when the server refuses, so the page can say so", async () => {
    const { server, result } = await signedInCart({ prod1: line(1, 1) });
    server.fail("/api/cart/add");
    let failure: unknown;
    await act(async () => {
      await addToCart(makeProduct(3), 2).catch((error: unknown) => {
        failure = error;
      });
    });
    expect(failure).toMatchObject({ message: "Refused: /api/cart/add" });
    await waitFor(() => expect(quantities(result.current.lines)).toEqual({ prod1: 1 }));
  });
});

describe("signing out and the navbar count", () => {
  it("clears the in-memory cart on the logout event and when the token disappears", async () => {
    fakeCartServer({ prod1: line(1, 4) });
    storeSession("token-1", "user");
    const { result } = renderHook(() => useCartCount());
    await waitFor(() => expect(result.current).toBe(4));

    act(() => void window.dispatchEvent(new Event(SESSION_LOGOUT_EVENT)));
    expect(result.current).toBe(0);

    act(() => clearStoredSession());
    act(() => storeSession("token-2", "user"));
    await waitFor(() => expect(result.current).toBe(4));
    act(() => clearStoredSession());
    expect(result.current).toBe(0);
  });

  it("follows another tab's guest cart through the storage event", () => {
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => {
      localStorage.setItem(
        GUEST_CART_KEY,
        JSON.stringify({ prod1: line(1, 3), prod2: line(2, 2) }),
      );
      window.dispatchEvent(new StorageEvent("storage", { key: GUEST_CART_KEY }));
    });
    expect(result.current).toBe(5);
  });

  it("reloads the server cart when another signed-in tab changes it", async () => {
    const server = fakeCartServer({ prod1: line(1, 1) });
    storeSession("token-1", "user");
    const { result } = renderHook(() => useCartCount());
    await waitFor(() => expect(result.current).toBe(1));

    server.set({ prod1: line(1, 1), prod2: line(2, 6) });
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_SYNC_KEY }));
    });
    await waitFor(() => expect(result.current).toBe(7));
  });

  it("tells other tabs after a signed-in change", async () => {
    fakeCartServer({ prod1: line(1, 1) });
    storeSession("token-1", "user");
    const { result } = renderHook(() => useCart());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    await act(() => result.current.setQuantity("prod1", 2));
    expect(localStorage.getItem(CART_SYNC_KEY)).not.toBeNull();
  });
});
