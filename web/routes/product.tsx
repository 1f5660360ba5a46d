import { Link, useParams } from "react-router-dom";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { metaDescription } from "../../worker/contracts/site";
import { StatusPage } from "../components/status-page";
import {
  ProductCarousel,
  type SlidesPerView,
  useNearViewport,
} from "../features/catalogue/components/product-carousel";
import { fetchRelated } from "../features/product/api";
import {
  PRODUCT_NOT_FOUND_TITLE,
  ProductNotFound,
  ProductView,
} from "../features/product/components/product-view";
import { useProduct } from "../features/product/use-product";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";
import { useLoad } from "../lib/use-load";
import "./product.css";

/** SPEC.md section 2: related products show 4 on desktop, 2 on tablet, 1 on mobile. */
const RELATED_PER_VIEW: SlidesPerView = { small: 1, medium: 2, large: 4 };

/** The products the server relates to this one (GET /api/product/:id/related), once shown. */
function RelatedProducts({ productId }: { productId: string }) {
  const answer = useLoad((signal, id) => fetchRelated(id, signal), {
    key: productId,
    transition: true,
  });
  const products: ProductDto[] = answer.status === "loaded" ? answer.data : [];
  // On a phone the section starts below the product: its cards, and their pictures, are built as
  // it nears the viewport, not while the page starts.
  const [ref, near] = useNearViewport("400px 0px", products.length > 0);
  if (products.length === 0) return null;
  return (
    <section className="section related-products" aria-labelledby="related-heading">
      <header className="section-header">
        <p className="eyebrow">Pairs well with</p>
        <h2 id="related-heading" className="section-title">
          Related products
        </h2>
      </header>
      <div ref={ref} className="related-track">
        {near && (
          <ProductCarousel
            products={products}
            label="Related products"
            slidesPerView={RELATED_PER_VIEW}
          />
        )}
      </div>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="product-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading product…
      </span>
      <div className="product-layout" aria-hidden="true">
        <div className="gallery-main is-skeleton" />
        <div className="product-info">
          <span className="skeleton-line is-short" />
          <span className="skeleton-line is-title" />
          <span className="skeleton-line is-short" />
          <span className="skeleton-line" />
          <span className="skeleton-line" />
          <span className="skeleton-line is-short" />
        </div>
      </div>
    </div>
  );
}

export function ProductPage() {
  const { productId = "" } = useParams();
  const state = useProduct(productId);
  const product = state.status === "ready" ? state.product : undefined;
  usePageTitle(
    product?.name ?? (state.status === "not-found" ? PRODUCT_NOT_FOUND_TITLE : undefined),
    product ? metaDescription(product.description) : undefined,
  );

  if (state.status === "loading") return <ProductSkeleton />;
  if (state.status === "not-found") return <ProductNotFound />;
  if (state.status === "error") {
    return (
      <StatusPage
        title="This product could not be loaded"
        detail="Our shelves could not be reached just now. Please check your connection and try again."
      >
        <button type="button" className="button button-primary" onClick={state.retry}>
          Try again
        </button>
        <Link className="button button-ghost" to={paths.collection}>
          Browse the collection
        </Link>
      </StatusPage>
    );
  }

  // Related products (below the fold) are asked for once the product is on screen, and render in
  // their own pass, so the product's first render (or hydration) stays one short task on a phone.
  return (
    <>
      <ProductView product={state.product} />
      <RelatedProducts key={state.product._id} productId={state.product._id} />
    </>
  );
}
