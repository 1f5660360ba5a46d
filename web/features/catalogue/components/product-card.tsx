import { Link } from "react-router-dom";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { formatDollars, salePercent } from "../../../../worker/contracts/money";
import { paths } from "../../../lib/paths";
import "../../../components/shapes.css";
import "./product-card.css";
import { LARGEST_PAINT } from "../../../lib/largest-paint";

export const PRODUCT_IMAGE_SIZE = 400;

/**
 * `eager`: the card is among the first a screen shows above the fold (the collection's first row),
 * so its picture is fetched first, with the page, not when lazy loading reaches it.
 */
export function ProductCard({ product, eager = false }: { product: ProductDto; eager?: boolean }) {
  const { _id, name, image, originalPrice, finalPrice, inStock, held } = product;
  const percentOff = salePercent(originalPrice, finalPrice);
  const cover = image[0];
  return (
    <Link
      to={paths.product(_id)}
      className={inStock ? "product-card lift-card" : "product-card lift-card is-sold-out"}
    >
      <div className="product-card-media">
        {cover ? (
          <img
            src={cover}
            alt=""
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading={eager ? "eager" : "lazy"}
            {...(eager ? LARGEST_PAINT : {})}
            decoding="async"
          />
        ) : null}
        {percentOff > 0 ? <span className="sale-badge">{percentOff}% off</span> : null}
        {inStock ? null : <span className="sold-out-badge">{held ? "Reserved" : "Sold out"}</span>}
      </div>
      <div className="product-card-body">
        <h3 className="product-card-name">{name}</h3>
        <p className="product-card-price">
          <span className="price-final">{formatDollars(finalPrice)}</span>
          {originalPrice > finalPrice ? (
            <del className="price-original">
              <span className="visually-hidden">Was </span>
              {formatDollars(originalPrice)}
            </del>
          ) : null}
        </p>
      </div>
    </Link>
  );
}

/** Placeholder with the card's exact footprint, so the grid does not shift when data lands. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card lift-card is-skeleton" aria-hidden="true">
      <div className="product-card-media shimmer" />
      <div className="product-card-body">
        <span className="skeleton-line" />
        <span className="skeleton-line is-short" />
      </div>
    </div>
  );
}
