// Pages whose first frame the Worker renders with data: the product page
// (routes/product-page.ts) and the plain /collection (routes/collection-page.ts). The Worker renders
// the screen with the SPA's own components (web/app/render-page-frames.tsx) in the page's <main>,
// and hands the app the data it rendered, so the app's first render is that frame and it takes it
// over as it is (hydrates) instead of painting a skeleton first.
import type { ProductDto, ProductSearchResponse } from "./catalogue";

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

/** The id of the `<script type="application/json">` that holds the CollectionFrameData. */
export const COLLECTION_FRAME_DATA_ID = "collection-frame";

export interface CollectionFrameData {
  /** The search's query string the screen asks for this address ("" for the plain /collection). */
  request: string;
  answer: ProductSearchResponse;
}

/** Renders the collection screen at /collection showing `data`'s answer. */
export type CollectionFrameRenderer = (data: CollectionFrameData) => string;
