// The one way a screen puts a product in the cart: the guest cart in storage when signed out,
// POST /api/cart/add (shown at once, rolled back on failure) when signed in.
import type { CartItem } from "../../../worker/contracts/cart";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { addServerCartItem } from "./cart-actions";
import { isCartSignedIn } from "./cart-state";
import { addToGuestCart } from "./guest-cart";

/** Resolves with the line as the cart now holds it (quantity capped at 10). */
export async function addToCart(product: ProductDto, quantity: number): Promise<CartItem> {
  if (isCartSignedIn()) return addServerCartItem(product, quantity);
  return addToGuestCart(product, quantity);
}
