// The Worker's cart calls (SPEC.md section 7). The api client adds the session token; every
// answer carries the whole cart, read through the same rules as the guest cart.
import { api } from "../../lib/api-client";
import { type GuestCart, parseCart } from "./guest-cart";

interface CartAnswer {
  success: boolean;
  cartData?: unknown;
  message?: string;
}

const post = async (path: string, body?: unknown): Promise<GuestCart> => {
  const answer = await api<CartAnswer>(path, { method: "POST", body });
  return parseCart(answer?.cartData);
};

export const fetchServerCart = () => post("/api/cart/get");

export const addServerItem = (itemId: string, quantity: number) =>
  post("/api/cart/add", { itemId, quantity });

/** Quantity 0 removes the line. */
export const updateServerItem = (itemId: string, quantity: number) =>
  post("/api/cart/update", { itemId, quantity });

/** The server adds the guest quantities, caps each line at 10 and drops unknown products. */
export const mergeGuestCart = (cartData: GuestCart) => post("/api/cart/merge", { cartData });

export const clearServerCart = () => post("/api/cart/clear");
