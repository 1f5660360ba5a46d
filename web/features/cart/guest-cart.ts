// The guest cart in localStorage (SPEC.md sections 3 and 4): productId -> cart item. Reads never
// throw (corrupt storage reads as empty); writes throw so the caller can say the add failed.
// Every write tells this tab (a window event) and other tabs (the browser's storage event).
import {
  type CartData,
  type CartItem,
  MAX_CART_QUANTITY,
  MIN_CART_QUANTITY,
} from "../../../worker/contracts/cart";
import type { ProductDto } from "../../../worker/contracts/catalogue";

export const GUEST_CART_KEY = "guestCart";
export const GUEST_CART_CHANGE_EVENT = "guestcart:change";

export type GuestCart = CartData;

/** Whole number in 1..10; anything unreadable becomes 1. */
export function clampQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(number)) return MIN_CART_QUANTITY;
  return Math.min(MAX_CART_QUANTITY, Math.max(MIN_CART_QUANTITY, Math.trunc(number)));
}

function parseItem(id: string, raw: unknown): CartItem | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { name, price, quantity, image } = raw as Record<string, unknown>;
  if (typeof quantity !== "number" || !Number.isFinite(quantity) || quantity < MIN_CART_QUANTITY) {
    return undefined;
  }
  // Lenient on the display fields: a line written by an older build still counts and can be
  // removed; the server cart re-prices every line anyway.
  return {
    _id: id,
    name: typeof name === "string" ? name : "",
    price: typeof price === "number" && Number.isFinite(price) ? price : 0,
    quantity: Math.min(MAX_CART_QUANTITY, Math.trunc(quantity)),
    image: typeof image === "string" ? image : "",
  };
}

/** The stored text as a cart: lines with a usable quantity, everything else dropped. */
export function parseGuestCart(stored: string | null): GuestCart {
  if (!stored) return {};
  try {
    return parseCart(JSON.parse(stored));
  } catch {
    return {};
  }
}

/** Any cart-shaped value (stored or the server's cartData) as a cart, by the same rules. */
export function parseCart(raw: unknown): GuestCart {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const cart: GuestCart = {};
  for (const [id, value] of Object.entries(raw)) {
    const item = parseItem(id, value);
    if (item) cart[id] = item;
  }
  return cart;
}

export function readGuestCart(): GuestCart {
  try {
    return parseGuestCart(window.localStorage.getItem(GUEST_CART_KEY));
  } catch {
    return {}; // storage disabled (private mode, blocked cookies)
  }
}

/** Total units across lines, for the navbar badge. */
export const countItems = (cart: GuestCart): number =>
  Object.values(cart).reduce((sum, item) => sum + item.quantity, 0);

function writeGuestCart(cart: GuestCart): void {
  if (Object.keys(cart).length === 0) window.localStorage.removeItem(GUEST_CART_KEY);
  else window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(cart));
  window.dispatchEvent(new Event(GUEST_CART_CHANGE_EVENT));
}

/** Adds to any quantity already held, capped at 10 per line; returns the line as stored. */
export function addToGuestCart(product: ProductDto, quantity: number): CartItem {
  const cart = readGuestCart();
  const held = cart[product._id]?.quantity ?? 0;
  const item: CartItem = {
    _id: product._id,
    name: product.name,
    price: product.finalPrice,
    quantity: Math.min(MAX_CART_QUANTITY, held + clampQuantity(quantity)),
    image: product.image[0] ?? "",
  };
  writeGuestCart({ ...cart, [product._id]: item });
  return item;
}

/** Sets a line's quantity (clamped to 10) in place; 0 or less removes it; unknown ids are ignored. */
export function setGuestQuantity(productId: string, quantity: number): GuestCart {
  const cart = readGuestCart();
  const line = cart[productId];
  if (!line) return cart;
  if (quantity < MIN_CART_QUANTITY) delete cart[productId];
  else cart[productId] = { ...line, quantity: clampQuantity(quantity) };
  writeGuestCart(cart);
  return cart;
}

export function clearGuestCart(): void {
  writeGuestCart({});
}

/** Calls back on every change to the guest cart, from this tab or another. */
export function subscribeGuestCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared all of localStorage.
    if (event.key === GUEST_CART_KEY || event.key === null) onChange();
  };
  window.addEventListener(GUEST_CART_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(GUEST_CART_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
