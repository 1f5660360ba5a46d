import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import type { ProductDto } from "../../worker/contracts/catalogue";
import {
  ProductCarousel,
  type SlidesPerView,
  useNearViewport,
} from "../features/catalogue/components/product-carousel";
import { fetchRelated } from "../features/product/api";
import { ProductNotFound, ProductView } from "../features/product/components/product-view";
import { productMeta } from "../features/product/product-meta";
import { shopOrigin } from "../lib/page-meta";
import { useLoad } from "../lib/use-load";
import "./product.css";

/**
 * The product on sale at this address, read through the catalogue's cache as GET /api/product/:id
 * answers it; none (unknown, draft, archived, malformed) is a 404 with the "Product not found" page.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.productId ?? "";
  const product = await context.shop.product(id);
  return data({ id, product }, product ? undefined : { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  productMeta(data?.id ?? "", data?.product ?? null, shopOrigin(matches));

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

/** The product's page: the product, then the products related to it; or "Product not found". */
export function ProductPage({ product }: { product: ProductDto | null }) {
  if (!product) return <ProductNotFound />;
  // Related products (below the fold) are asked for once the product is on screen, and render in
  // their own pass, so the product's first render (or hydration) stays one short task on a phone.
  return (
    <>
      <ProductView product={product} />
      <RelatedProducts key={product._id} productId={product._id} />
    </>
  );
}

export default function ProductRoute() {
  const { product } = useLoaderData<typeof loader>();
  return <ProductPage product={product} />;
}
