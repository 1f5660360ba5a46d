// The one cart the screens see (SPEC.md section 4). Signed out, it is the guest cart in storage.
// Signed in, it is the server cart held in memory: a stored guest cart is merged into it once,
// every change shows at once and then goes to the server, and a failed change is rolled back.
// The changes themselves are in cart-actions.ts.
import { reportFailure } from "../../lib/api-client";
import { SESSION_LOGOUT_EVENT } from "../session/end-session";
import { fetchServerCart, mergeGuestCart } from "./cart-api";
import {
  clearGuestCart,
  countItems,
  GUEST_CART_KEY,
  type GuestCart,
  parseGuestCart,
  readGuestCart,
  subscribeGuestCart,
} from "./guest-cart";

/** Bumped after each server change so other signed-in tabs reload their copy. */
export const CART_SYNC_KEY = "cartSync";

export type CartStatus = "ready" | "loading" | "error";

export interface CartSnapshot {
  signedIn: boolean;
  items: GuestCart;
  /** Guests are always ready; a server cart is loading until its first answer. */
  status: CartStatus;
}

const EMPTY: CartSnapshot = { signedIn: false, items: {}, status: "ready" };

let signedIn = false;
let serverSnapshot: CartSnapshot = EMPTY;
// Answers for an older session (before a sign-in or sign-out) are dropped.
let session = 0;
// Answers that predate the newest local change must not overwrite it.
let latestChange = 0;
let guestRaw: string | null = null;
let guestSnapshot: CartSnapshot = EMPTY;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function setServer(items: GuestCart, status: CartStatus): void {
  serverSnapshot = { signedIn: true, items, status };
  notify();
}

/**
 * SPEC.md section 8: a cart failure says the server's message, that the shop could not be reached,
 * or why storage refused the change (an expired session is toasted already).
 */
export const reportCartFailure = (error: unknown): void =>
  reportFailure(error, "Could not update the cart", { sayNetworkError: true });

function readGuestRaw(): string | null {
  try {
    return window.localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return null;
  }
}

/** Read on every render, so storage cleared without an event still shows as empty. */
export function getCartSnapshot(): CartSnapshot {
  if (signedIn) return serverSnapshot;
  const raw = readGuestRaw();
  if (raw !== guestRaw || guestSnapshot === EMPTY) {
    guestRaw = raw;
    guestSnapshot = { signedIn: false, items: parseGuestCart(raw), status: "ready" };
  }
  return guestSnapshot;
}

/**
 * The Worker's render of a page (and the browser's render that takes it over) cannot see storage
 * or the session, so it shows the cart as loading rather than as empty.
 */
const UNREAD: CartSnapshot = { signedIn: false, items: {}, status: "loading" };
export const getServerRenderSnapshot = (): CartSnapshot => UNREAD;

export const getCartCount = (): number => countItems(getCartSnapshot().items);

export const isCartSignedIn = (): boolean => signedIn;

function announceChange(): void {
  try {
    window.localStorage.setItem(CART_SYNC_KEY, `${Date.now()}-${Math.random()}`);
  } catch {
    // other tabs catch up on their next load
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key === CART_SYNC_KEY && signedIn) void reloadCart();
}

let detachGuest: (() => void) | undefined;

export function subscribeCart(listener: () => void): () => void {
  if (listeners.size === 0) {
    detachGuest = subscribeGuestCart(notify);
    window.addEventListener(SESSION_LOGOUT_EVENT, signOut);
    window.addEventListener("storage", onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    detachGuest?.();
    window.removeEventListener(SESSION_LOGOUT_EVENT, signOut);
    window.removeEventListener("storage", onStorage);
  };
}

function signOut(): void {
  if (!signedIn) return;
  signedIn = false;
  session += 1;
  serverSnapshot = EMPTY;
  notify();
}

/** Takes the guest cart out of storage before merging, so a second tab cannot merge it again. */
function takeGuestCart(): GuestCart {
  const guest = readGuestCart();
  try {
    if (Object.keys(guest).length > 0) clearGuestCart();
  } catch {
    // storage refused the removal; the merge still happens once in this tab
  }
  return guest;
}

async function signIn(current: number): Promise<void> {
  const guest = takeGuestCart();
  // The guest lines show while they merge, so the badge does not drop to 0 and back.
  setServer(guest, "loading");
  if (Object.keys(guest).length > 0) {
    try {
      await mergeGuestCart(guest);
    } catch (error) {
      if (current === session) reportCartFailure(error);
    }
  }
  if (current === session) await reloadCart();
}

/**
 * Tells the store who is signed in; the token's arrival starts the merge and load, its absence
 * clears the server cart from memory. A refreshed token is the same session and changes nothing.
 */
export function syncCartSession(token: string | null): void {
  if (!token) {
    signOut();
    return;
  }
  if (signedIn) return;
  signedIn = true;
  session += 1;
  void signIn(session);
}

/** Replaces the in-memory server cart with the server's; failures are toasted. */
export async function reloadCart(): Promise<void> {
  if (!signedIn) return;
  const current = session;
  const change = latestChange;
  try {
    const items = await fetchServerCart();
    if (current === session && change === latestChange) setServer(items, "ready");
  } catch (error) {
    if (current !== session) return;
    reportCartFailure(error);
    setServer(serverSnapshot.items, "error");
  }
}

/**
 * After an order is placed: the Worker empties the server cart as it records the order, so only
 * this tab's copies go, the guest cart in storage and the server cart in memory. No call is made;
 * answers already on their way are dropped as older than this change.
 */
export function forgetCart(): void {
  try {
    clearGuestCart();
  } catch {
    // storage unavailable: there is no stored cart to clear
  }
  if (!signedIn) return;
  latestChange += 1;
  setServer({}, "ready");
}

/** Shows the change now, sends it, and rolls back (then reloads) if the server refuses. */
export async function changeServerCart(
  apply: (items: GuestCart) => GuestCart,
  send: () => Promise<GuestCart>,
): Promise<GuestCart> {
  const current = session;
  const change = ++latestChange;
  const before = serverSnapshot.items;
  setServer(apply(before), serverSnapshot.status);
  try {
    const items = await send();
    if (current === session) {
      if (change === latestChange) setServer(items, "ready");
      announceChange();
    }
    return items;
  } catch (error) {
    if (current === session) {
      if (change === latestChange) setServer(before, serverSnapshot.status);
      void reloadCart();
    }
    throw error;
  }
}
