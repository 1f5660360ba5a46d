// Runs in the Worker, not the browser (worker/routes/product-page.ts imports it as
// "@web/product-frame"): the product screen's content as HTML, rendered by the components the app
// renders, so the app's first render in the browser is this markup and it hydrates it.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import type { ProductFrameRenderer } from "../../worker/contracts/product-page";
import { ProductNotFound, ProductView } from "../features/product/components/product-view";
import { paths } from "../lib/paths";

export const renderProductFrame: ProductFrameRenderer = (id, product) =>
  renderToString(
    <MemoryRouter initialEntries={[paths.product(id)]}>
      {product ? <ProductView product={product} /> : <ProductNotFound />}
    </MemoryRouter>,
  );
