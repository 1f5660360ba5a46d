// The product the page's HTML was rendered with (worker/routes/product-page.ts writes it beside the
// frame): the app's first render shows it, so it hydrates the frame instead of a skeleton, and
// asks nothing. It answers for the first product shown only; any later visit asks the API.
import {
  PRODUCT_FRAME_DATA_ID,
  type ProductFrameData,
} from "../../../worker/contracts/page-frames";
import { readFrameData } from "../../lib/frame-data";

/** undefined: not read yet; null: none, or another product has been shown since. */
let frame: ProductFrameData | null | undefined;

function readFrame(): ProductFrameData | null {
  const data = readFrameData<ProductFrameData>(PRODUCT_FRAME_DATA_ID);
  return typeof data?.id === "string" ? data : null;
}

/** The page's own product for `productId`, while it is the first product shown. */
export function framedProduct(productId: string): ProductFrameData | undefined {
  if (frame === undefined) frame = readFrame();
  if (frame && frame.id !== productId) frame = null;
  return frame ?? undefined;
}

/** Tests start each case with the page they build. */
export function forgetProductFrame(): void {
  frame = undefined;
}
