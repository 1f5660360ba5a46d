// The product the page's HTML was rendered with (worker/routes/product-page.ts writes it beside the
// frame): the app's first render shows it, so it hydrates the frame instead of a skeleton, and
// asks nothing. It answers for the first product shown only; any later visit asks the API.
import {
  PRODUCT_FRAME_DATA_ID,
  type ProductFrameData,
} from "../../../worker/contracts/product-page";

/** undefined: not read yet; null: none, or another product has been shown since. */
let frame: ProductFrameData | null | undefined;

function readFrame(): ProductFrameData | null {
  // The build renders the template's skeleton with no document: there is no frame.
  if (typeof document === "undefined") return null;
  const text = document.getElementById(PRODUCT_FRAME_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ProductFrameData;
    return typeof data?.id === "string" ? data : null;
  } catch {
    return null;
  }
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
