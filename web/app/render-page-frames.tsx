// Runs in the Worker, not the browser (worker/routes/product-page.ts and collection-page.ts import
// it as "@web/page-frames"): a screen's content as HTML with its data, rendered by the components
// the app renders, so the app's first render in the browser is this markup and it hydrates it.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import type {
  CollectionFrameRenderer,
  ProductFrameRenderer,
} from "../../worker/contracts/page-frames";
import { keepSearch } from "../features/catalogue/api";
import { ProductNotFound, ProductView } from "../features/product/components/product-view";
import { paths } from "../lib/paths";
import { CollectionPage } from "../routes/collection";

export const renderProductFrame: ProductFrameRenderer = (id, product) =>
  renderToString(
    <MemoryRouter initialEntries={[paths.product(id)]}>
      {product ? <ProductView product={product} /> : <ProductNotFound />}
    </MemoryRouter>,
  );

export const renderCollectionFrame: CollectionFrameRenderer = ({ request, answer }) => {
  // The screen's first render reads an answered search at once, as it will in the browser, where
  // the page hands it the same answer. renderToString is synchronous: no other request's render
  // runs between this and the render.
  keepSearch(request, answer);
  const address = request ? `${paths.collection}?${request}` : paths.collection;
  return renderToString(
    <MemoryRouter initialEntries={[address]}>
      <CollectionPage />
    </MemoryRouter>,
  );
};
