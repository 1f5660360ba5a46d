// The one way a screen puts a product in the cart. Guests only for now; the accounts issue
// routes signed-in shoppers to POST /api/cart/add here, which is why it is already async.
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { addToGuestCart, type CartItem } from "./guest-cart";

/** Resolves with the line as the cart now holds it (quantity capped at 10). */
export async function addToCart(product: ProductDto, quantity: number): Promise<CartItem> {
  return addToGuestCart(product, quantity);
}
