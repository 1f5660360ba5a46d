// The product screen's content once its product is known, and its "Product not found" state: the
// product route (routes/product.tsx) renders them, in the Worker's HTML and then in the browser.
import { Link } from "react-router-dom";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { StatusPage } from "../../../components/status-page";
import { paths } from "../../../lib/paths";
import { Gallery } from "./gallery";
import { ProductDetails } from "./product-details";

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

export function ProductView({ product }: { product: ProductDto }) {
  return (
    <article className="product-page">
      <Breadcrumbs product={product} />
      {/* Keyed, so moving to another product starts its gallery and quantity afresh. */}
      <div className="product-layout" key={product._id}>
        <Gallery images={product.image} name={product.name} />
        <ProductDetails product={product} />
      </div>
    </article>
  );
}

export const PRODUCT_NOT_FOUND_TITLE = "Product not found";

export function ProductNotFound() {
  return (
    <StatusPage
      eyebrow="404"
      title={PRODUCT_NOT_FOUND_TITLE}
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
