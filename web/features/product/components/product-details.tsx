import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import { MAX_CART_QUANTITY } from "../../../../worker/contracts/cart";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { formatDollars } from "../../../../worker/contracts/money";
import { type StockNote, stockNote } from "../../../../worker/contracts/stock-display";
import { BagIcon, StrokeIcon } from "../../../components/icons";
import { reportFailure } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { addToCart } from "../../cart/add-to-cart";
import { clampQuantity } from "../../cart/guest-cart";
import { ProductOffers } from "../../promotions/components/offer-notes";
import { priceDisplay } from "../product-rules";
import { QuantityInput } from "./quantity-input";
import "../../../components/shapes.css";
import "./product-details.css";

/** SPEC.md section 2: the three statements on every product page. */
const PROMISES = [
  {
    text: "Easy return & exchange within 7 days",
    icon: <path d="M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15m0 5v-5h5" />,
  },
  {
    text: "Cash on delivery available",
    icon: (
      <>
        <rect x="3" y="6.5" width="18" height="11" rx="2" />
        <circle cx="12" cy="12" r="2.5" />
        <path d="M6.5 9.5v.01M17.5 14.5v.01" />
      </>
    ),
  },
  {
    text: "100% Original product",
    icon: <path d="M12 3 5 6v5.5c0 4.2 3 7.7 7 9.5 4-1.8 7-5.3 7-9.5V6zm-3 9 2 2 4-4" />,
  },
];

function Price({ product }: { product: ProductDto }) {
  const { final, original, percentOff } = priceDisplay(product);
  return (
    <p className="product-price">
      <span className="product-price-final">{formatDollars(final)}</span>
      {original === undefined ? null : (
        <del className="product-price-original">
          <span className="visually-hidden">Was </span>
          {formatDollars(original)}
        </del>
      )}
      {percentOff > 0 ? (
        <span className="product-sale-badge">
          <span aria-hidden="true">-{percentOff}%</span>
          <span className="visually-hidden">{percentOff}% off</span>
        </span>
      ) : null}
    </p>
  );
}

/**
 * "Out of stock", "In other shoppers' checkouts" (the last units are held, not sold: they come back
 * if those checkouts lapse) or "Only N left" (LOW_STOCK_SHOWN_AT or fewer); nothing otherwise.
 */
function StockLine({ note }: { note: StockNote }) {
  if (!note) return null;
  switch (note.kind) {
    case "sold-out":
      return <p className="product-stock is-sold-out">Out of stock</p>;
    case "held":
      return (
        <div className="product-stock-held">
          <p className="product-stock is-held">In other shoppers' checkouts</p>
          <p className="product-stock-note">
            What is left is reserved by checkouts not paid yet. It may come back soon: an unpaid
            checkout lapses after about half an hour.
          </p>
        </div>
      );
    default:
      return <p className="product-stock is-low">Only {note.left} left</p>;
  }
}

function AddToCartForm({ product, note }: { product: ProductDto; note: StockNote }) {
  const [quantity, setQuantity] = useState("1");
  const [adding, setAdding] = useState(false);
  const soldOut = note?.kind === "sold-out" || note?.kind === "held";
  // Tracked stock caps the choice below SPEC's 10; the checkout refuses more than is left anyway.
  const max = Math.min(MAX_CART_QUANTITY, product.available ?? MAX_CART_QUANTITY);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (adding || soldOut) return;
    const wanted = Math.min(max, clampQuantity(quantity));
    setQuantity(String(wanted));
    setAdding(true);
    try {
      await addToCart(product, wanted);
      toast.success("Added to cart!");
    } catch (error) {
      reportFailure(error, "Could not add to cart", { ignoreServerMessage: true });
    } finally {
      setAdding(false);
    }
  }

  return (
    <form className="add-to-cart" onSubmit={add}>
      <QuantityInput
        id="quantity"
        value={quantity}
        onChange={setQuantity}
        max={max}
        disabled={soldOut}
      />
      <button
        type="submit"
        className="button button-primary button-large add-to-cart-button"
        aria-disabled={adding}
        disabled={soldOut}
      >
        <BagIcon />
        Add to Cart
      </button>
    </form>
  );
}

export function ProductDetails({ product }: { product: ProductDto }) {
  const { name, category, variant, description, tags, premium, bestseller } = product;
  const note = stockNote(product);
  return (
    <div className="product-info">
      <p className="product-category">
        <Link to={paths.collectionCategory(category)}>{category}</Link>
      </p>
      <h1 className="product-name">{name}</h1>
      {premium || bestseller ? (
        <ul className="product-flags chip-row" aria-label="Highlights">
          {premium ? <li className="product-flag is-premium">Premium</li> : null}
          {bestseller ? <li className="product-flag">Bestseller</li> : null}
        </ul>
      ) : null}
      <Price product={product} />
      {variant ? (
        <p className="product-variant">
          Variant: <strong>{variant}</strong>
        </p>
      ) : null}
      <p className="product-description">{description}</p>
      <StockLine note={note} />
      <AddToCartForm product={product} note={note} />
      {tags.length > 0 ? (
        <ul className="product-tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="product-tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="product-promises">
        {PROMISES.map(({ text, icon }) => (
          <li key={text}>
            <StrokeIcon>{icon}</StrokeIcon>
            {text}
          </li>
        ))}
      </ul>
      {/* Last in the column: offers arrive after hydration, and nothing below them moves. */}
      <ProductOffers product={product} />
    </div>
  );
}
