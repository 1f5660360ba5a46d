// The running offers where they apply (README, "Promotions"): under a product's details, and in
// the cart's summary as an estimate the checkout settles. They arrive after hydration; the cart
// keeps their place from its first HTML so nothing moves when they come (routes/cart.tsx).
import type { CartItem } from "../../../../worker/contracts/cart";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { offerWords, useCartOffers, useProductOffers } from "../use-offers";
import "./offer-notes.css";

export function ProductOffers({ product }: { product: ProductDto }) {
  const offers = useProductOffers(product);
  if (offers.length === 0) return null;
  return (
    <ul className="offer-notes" aria-label="Offers">
      {offers.map((offer) => (
        <li key={offer.id} className="offer-note">
          <strong>{offer.name}:</strong> {offerWords(offer, product)}
        </li>
      ))}
    </ul>
  );
}

/** The cart's offers, inside the place the cart keeps for them (routes/cart.tsx). */
export function CartOffers({
  lines,
  products,
}: {
  lines: readonly CartItem[];
  products: readonly ProductDto[] | undefined;
}) {
  const offers = useCartOffers(lines, products);
  if (offers.length === 0) return null;
  return (
    <ul className="offer-notes" aria-label="Offers" aria-live="polite">
      {offers.map(({ offer, product }) => (
        <li key={offer.id} className="offer-note">
          <strong>{offer.name}:</strong> {offerWords(offer, product)}
          <span className="offer-note-estimate">Offer applied at checkout</span>
        </li>
      ))}
    </ul>
  );
}
