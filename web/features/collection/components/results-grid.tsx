import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { ProductCard, ProductCardSkeleton } from "../../catalogue/components/product-card";
import { PAGE_SIZE } from "../collection-query";

type ResultsGridProps =
  | { state: "loading" }
  | { state: "error"; onRetry: () => void }
  | { state: "ready"; products: ProductDto[]; onClearAll: () => void };

/** The grid's first row at any width (4 columns on a desktop, 2 on a phone): above the fold. */
const FIRST_ROW = 4;

export function ResultsGrid(props: ResultsGridProps) {
  if (props.state === "loading") {
    return (
      <div className="product-grid" aria-hidden="true">
        {Array.from({ length: PAGE_SIZE }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (props.state === "error") {
    return (
      <div className="results-empty">
        <h3>Our shelves could not be reached</h3>
        <p>Please check your connection and try again.</p>
        <button type="button" className="button button-primary" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (props.products.length === 0) {
    return (
      <div className="results-empty">
        <h3>No products found</h3>
        <p>Try adjusting your filters or search terms</p>
        <button type="button" className="button button-ghost" onClick={props.onClearAll}>
          Clear search and filters
        </button>
      </div>
    );
  }
  return (
    <ul className="product-grid">
      {props.products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}
