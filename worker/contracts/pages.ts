// What the shop's route modules (web/routes/) may ask the Worker while it renders a page: their
// loaders read it from React Router's load context, which worker/routes/pages.ts builds per request
// from the same cached catalogue answers the API serves (docs/decisions/0015-pages-by-the-framework.md).
import type { ProductDto, ProductSearchResponse } from "./catalogue";

export interface ShopPages {
  /** The shop's own origin (APP_ORIGIN): canonical links and previews are absolute. */
  origin: string;
  /** The product on sale with this id, as GET /api/product/:id answers it; null for none. */
  product(id: string): Promise<ProductDto | null>;
  /**
   * GET /api/product/search's answer to `request` (a query string without "?"); null when the
   * endpoint would refuse the question or the client has asked too many.
   */
  search(request: string): Promise<ProductSearchResponse | null>;
}

export interface PageLoadContext {
  shop: ShopPages;
  /** This response's Content-Security-Policy nonce, for the scripts React Router writes inline. */
  nonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends PageLoadContext {}
}
