// /cart (SPEC.md section 2): the lines, the totals, the progress steps and the way on to checkout;
// the running offers that apply, as what checkout will settle (README, "Promotions").
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { CartLines } from "../features/cart/components/cart-lines";
import { CartSummary } from "../features/cart/components/cart-summary";
import { CheckoutSteps } from "../features/cart/components/checkout-steps";
import { useCart } from "../features/cart/use-cart";
import {
  type StockProblems,
  stockProblems,
  useCartProducts,
} from "../features/cart/use-stock-problems";
import { paths } from "../lib/paths";
import "../components/shop-page.css";
import "./cart.css";
import type { MetaFunction } from "react-router";
import { pageMeta, shopOrigin } from "../lib/page-meta";

type Cart = ReturnType<typeof useCart>;

/**
 * The running offers come after what the shopper came for: their code and their question to the
 * shop start once the cart's lines (or its empty note) have painted and the browser is idle, so
 * neither competes with that paint on a slow phone. Their place is kept from the first HTML
 * (`.cart-offers` in cart.css), so nothing moves when they come.
 */
const CartOffers = lazy(() =>
  import("../features/promotions/components/offer-notes").then((m) => ({ default: m.CartOffers })),
);

function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const settle = () => setIdle(true);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(settle, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(settle, 200);
    return () => window.clearTimeout(id);
  }, [ready, idle]);
  return idle;
}

function CartItems({ cart, problems }: { cart: Cart; problems: StockProblems }) {
  if (cart.status === "loading" && cart.lines.length === 0) {
    return <p className="shop-note">Loading your cart…</p>;
  }
  if (cart.status === "error" && cart.lines.length === 0) {
    return (
      <div className="shop-note">
        <p>We could not load your cart.</p>
        <button type="button" className="button button-ghost" onClick={() => void cart.reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <div className="shop-note cart-empty">
        <p className="cart-empty-title">Your cart is empty.</p>
        <p>Copper, brass and handmade décor are waiting in the collection.</p>
        <Link to={paths.collection} className="text-link">
          Browse the collection
        </Link>
      </div>
    );
  }
  return (
    <CartLines
      lines={cart.lines}
      problems={problems}
      onQuantity={(id, quantity) => void cart.setQuantity(id, quantity)}
      onRemove={(id) => void cart.remove(id)}
    />
  );
}

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Cart",
    description: "Your Tamra & Tara cart: review your items and totals, then check out.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function CartPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const loading = cart.status === "loading";
  const offersNow = useIdleAfter(!loading);
  const empty = cart.totals.count === 0;
  const products = useCartProducts(cart.lines);
  const problems = useMemo(() => stockProblems(cart.lines, products), [cart.lines, products]);
  const blocked = problems.size > 0;

  return (
    <div className="shop-page" aria-busy={loading}>
      <header className="shop-page-header">
        <p className="eyebrow">Your basket</p>
        <h1 className="shop-page-title">Cart</h1>
      </header>
      <CheckoutSteps current="cart" />
      <div className="summary-layout">
        <section className="cart-items" aria-label="Items">
          <CartItems cart={cart} problems={problems} />
        </section>
        <aside className="summary-aside" aria-labelledby="cart-totals-heading">
          <h2 id="cart-totals-heading" className="summary-aside-title">
            Order summary
          </h2>
          <CartSummary totals={cart.totals} />
          <div className="cart-actions">
            <button
              type="button"
              className="button button-primary button-large"
              disabled={empty || loading || blocked}
              aria-describedby={blocked ? "cart-blocked" : undefined}
              onClick={() => navigate(paths.placeOrder)}
            >
              Confirm payment
            </button>
            {blocked ? (
              <p id="cart-blocked" className="cart-blocked" role="status">
                Lower or remove the items marked above to continue.
              </p>
            ) : null}
            <Link to={paths.home} className="button button-ghost">
              Continue Shopping
            </Link>
          </div>
          <p className="summary-aside-note">Delivery anywhere in Australia in 3-7 business days.</p>
          <div className="cart-offers">
            {offersNow ? (
              <Suspense fallback={null}>
                <CartOffers lines={cart.lines} products={products} />
              </Suspense>
            ) : null}
          </div>
        </aside>
      </div>
    </div>
  );
}

export default CartPage;
