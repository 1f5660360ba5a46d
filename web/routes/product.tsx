import { useDeferredValue } from "react";
import { Link, useParams } from "react-router-dom";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { StatusPage } from "../components/status-page";
import {
  ProductCarousel,
  type SlidesPerView,
  useNearViewport,
} from "../features/catalogue/components/product-carousel";
import { useProducts } from "../features/catalogue/use-catalogue";
import { Gallery } from "../features/product/components/gallery";
import { ProductDetails } from "../features/product/components/product-details";
import { metaDescription, relatedProducts } from "../features/product/product-rules";
import { useProduct } from "../features/product/use-product";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";
import "./product.css";

/** SPEC.md section 2: related products show 4 on desktop, 2 on tablet, 1 on mobile. */
const RELATED_PER_VIEW: SlidesPerView = { small: 1, medium: 2, large: 4 };

function Breadcrumbs({ product }: { product: ProductDto }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to={paths.home}>Home</Link>
        </li>
        <li>
          <Link to={paths.collection}>Collection</Link>
        </li>
        <li>
          <Link to={paths.collectionCategory(product.category)}>{product.category}</Link>
        </li>
        <li aria-current="page">{product.name}</li>
      </ol>
    </nav>
  );
}

function RelatedProducts({ products }: { products: ProductDto[] }) {
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
  const products = useProducts();
  const state = useProduct(productId, products.data);
  // Related products (below the fold) render and commit after the product itself, in their own
  // pass, so neither pass is one long task on a phone.
  const related = useDeferredValue(products.data, undefined);
  const product = state.status === "ready" ? state.product : undefined;
  usePageTitle(
    product?.name ?? (state.status === "not-found" ? "Product not found" : undefined),
    product ? metaDescription(product.description) : undefined,
  );

  if (state.status === "loading") return <ProductSkeleton />;
  if (state.status === "not-found") {
    return (
      <StatusPage
        eyebrow="404"
        title="Product not found"
        detail="This piece may have found its home already, or the link has a typo. There is plenty more to discover."
      >
        <Link className="button button-primary" to={paths.collection}>
          Browse the collection
        </Link>
        <Link className="button button-ghost" to={paths.home}>
          Return home
        </Link>
      </StatusPage>
    );
  }
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

  const { product: shown } = state;
  return (
    <>
      <article className="product-page">
        <Breadcrumbs product={shown} />
        {/* Keyed, so moving to another product starts its gallery and quantity afresh. */}
        <div className="product-layout" key={shown._id}>
          <Gallery images={shown.image} name={shown.name} />
          <ProductDetails product={shown} />
        </div>
      </article>
      <RelatedProducts products={relatedProducts(shown, related ?? [])} />
    </>
  );
}
