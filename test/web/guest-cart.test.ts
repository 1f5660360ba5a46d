import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  addToGuestCart,
  clampQuantity,
  clearGuestCart,
  GUEST_CART_CHANGE_EVENT,
  GUEST_CART_KEY,
  parseGuestCart,
  readGuestCart,
  setGuestQuantity,
  subscribeGuestCart,
} from "../../web/features/cart/guest-cart";
import { useCartCount } from "../../web/features/cart/use-cart-count";
import { makeProduct } from "./helpers";

/** A storage whose given method throws, as in private mode or when the quota is used up. */
function refusingStorage(method: "getItem" | "setItem"): Storage {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
  storage[method] = () => {
    throw new DOMException("Storage is unavailable", "SecurityError");
  };
  return storage as unknown as Storage;
}

const stored = () => JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? "null");

describe("clampQuantity", () => {
  it("keeps whole numbers within 1..10 and reads anything else as 1", () => {
    expect([0, 1, 5, 10, 11, -3, 2.7].map(clampQuantity)).toEqual([1, 1, 5, 10, 10, 1, 2]);
    expect(["7", "12", "abc", "", Number.NaN, undefined].map(clampQuantity)).toEqual([
      7, 10, 1, 1, 1, 1,
    ]);
  });
});

describe("addToGuestCart", () => {
  it("stores the SPEC cart item under the product id: final price in dollars, first image", () => {
    const product = makeProduct(1, {
      name: "Hammered Copper Bottle",
      originalPrice: 80,
      finalPrice: 59.5,
      image: ["/images/a.svg", "/images/b.svg"],
    });
    const line = addToGuestCart(product, 2);

    const item = {
      _id: "prod1",
      name: "Hammered Copper Bottle",
      price: 59.5,
      quantity: 2,
      image: "/images/a.svg",
    };
    expect(line).toEqual(item);
    expect(stored()).toEqual({ prod1: item });
  });

  it("adds to the quantity already held and caps a line at 10", () => {
    const product = makeProduct(1);
    addToGuestCart(product, 4);
    expect(addToGuestCart(product, 5).quantity).toBe(9);
    expect(addToGuestCart(product, 5).quantity).toBe(10);
    expect(addToGuestCart(makeProduct(2), 3).quantity).toBe(3);
    expect(stored().prod1.quantity).toBe(10);
    expect(Object.keys(stored())).toEqual(["prod1", "prod2"]);
  });

  it("throws when storage refuses the write, so the page can say the add failed", () => {
    vi.stubGlobal("localStorage", refusingStorage("setItem"));
    expect(() => addToGuestCart(makeProduct(1), 1)).toThrow();
  });
});

describe("readGuestCart", () => {
  it("treats corrupt or malformed storage as an empty cart instead of throwing", () => {
    for (const text of ["{not json", "[1,2]", "42", "null", '"cart"']) {
      localStorage.setItem(GUEST_CART_KEY, text);
      expect(readGuestCart()).toEqual({});
    }
  });

  it("keeps usable lines, drops the rest and caps quantities", () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        a: { _id: "a", name: "Bell", price: 12, quantity: 3, image: "/a.svg" },
        b: null,
        c: { quantity: "2" },
        d: { quantity: 0 },
        e: { quantity: 40, price: "free" },
      }),
    );
    expect(readGuestCart()).toEqual({
      a: { _id: "a", name: "Bell", price: 12, quantity: 3, image: "/a.svg" },
      e: { _id: "e", name: "", price: 0, quantity: 10, image: "" },
    });
  });

  it("reads as empty when storage itself is unavailable", () => {
    vi.stubGlobal("localStorage", refusingStorage("getItem"));
    expect(readGuestCart()).toEqual({});
    expect(parseGuestCart(null)).toEqual({});
  });
});

describe("setGuestQuantity and clearGuestCart", () => {
  it("sets a line, clamps to 10, removes at 0 and leaves unknown ids alone", () => {
    addToGuestCart(makeProduct(1), 2);
    addToGuestCart(makeProduct(2), 1);

    expect(setGuestQuantity("prod1", 6).prod1?.quantity).toBe(6);
    expect(setGuestQuantity("prod1", 25).prod1?.quantity).toBe(10);
    expect(Object.keys(setGuestQuantity("nope", 3))).toEqual(["prod1", "prod2"]);
    expect(setGuestQuantity("prod1", 0)).not.toHaveProperty("prod1");
    expect(Object.keys(stored())).toEqual(["prod2"]);

    setGuestQuantity("prod2", 0);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it("clears the whole cart", () => {
    addToGuestCart(makeProduct(1), 2);
    clearGuestCart();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(readGuestCart()).toEqual({});
  });
});

describe("change notifications", () => {
  it("tells this tab about every write", () => {
    const heard = vi.fn();
    window.addEventListener(GUEST_CART_CHANGE_EVENT, heard);
    addToGuestCart(makeProduct(1), 1);
    setGuestQuantity("prod1", 3);
    clearGuestCart();
    window.removeEventListener(GUEST_CART_CHANGE_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("subscribes to this tab and to other tabs' writes of the cart key only", () => {
    const heard = vi.fn();
    const unsubscribe = subscribeGuestCart(heard);
    addToGuestCart(makeProduct(1), 1);
    window.dispatchEvent(new StorageEvent("storage", { key: GUEST_CART_KEY }));
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    window.dispatchEvent(new StorageEvent("storage", { key: "token" }));
    expect(heard).toHaveBeenCalledTimes(3);

    unsubscribe();
    addToGuestCart(makeProduct(1), 1);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("updates the navbar count at once in the same tab", () => {
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => {
      addToGuestCart(makeProduct(1), 3);
    });
    expect(result.current).toBe(3);
    act(() => {
      addToGuestCart(makeProduct(2), 2);
      setGuestQuantity("prod1", 1);
    });
    expect(result.current).toBe(3);
    act(() => clearGuestCart());
    expect(result.current).toBe(0);
  });
});
