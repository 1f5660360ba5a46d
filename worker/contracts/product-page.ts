// The product page's HTML (GET /product/:id, worker/routes/product-page.ts). The Worker renders the
// screen's content with the SPA's own components (web/app/render-product-frame.tsx) in place of the
// loading skeleton, and hands the app the product it rendered, so the app's first render is that
// frame and it takes it over as it is (hydrates) instead of painting a skeleton first.
import type { ProductDto } from "./catalogue";

/** The id of the `<script type="application/json">` that holds the ProductFrameData. */
export const PRODUCT_FRAME_DATA_ID = "product-frame";

export interface ProductFrameData {
  /** The address's id, as the router reads it. */
  id: string;
  /** The product rendered, or null: the address names no product on sale (a 404). */
  product: ProductDto | null;
}

/** Renders the product screen's content for `product`, or its "Product not found" state. */
export type ProductFrameRenderer = (id: string, product: ProductDto | null) => string;
