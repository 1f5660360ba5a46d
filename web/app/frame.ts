// The first frame the HTML brings in #root (app/render-shell.tsx): which route it renders, and
// whether the app can take it over as it is (hydrate) or must render the page afresh.
import { matchPath } from "react-router-dom";
import {
  FRAME_PATH_ATTRIBUTE,
  FRAME_QUERY_ATTRIBUTE,
  FRAME_SCREEN_ATTRIBUTE,
} from "./frame-attributes";

export interface Frame {
  /** The route pattern rendered, e.g. /product/:productId. */
  path: string;
  /** It holds the screen in its loading state; otherwise the layout around the loading spinner. */
  screen: boolean;
  /** The screen renders from the query, which the frame was rendered without. */
  readsQuery: boolean;
}

export function readFrame(root: HTMLElement): Frame | null {
  const path = root.getAttribute(FRAME_PATH_ATTRIBUTE);
  if (path === null) return null;
  return {
    path,
    screen: root.hasAttribute(FRAME_SCREEN_ATTRIBUTE),
    readsQuery: root.hasAttribute(FRAME_QUERY_ATTRIBUTE),
  };
}

/**
 * True when the app's first render at this address is the frame: a collection address with
 * filters renders other filters, and a file can be served for an address its route does not
 * match (product.html for /product, which is "Page not found").
 */
export function frameFits(
  frame: Frame,
  { pathname, search }: Pick<Location, "pathname" | "search">,
) {
  return matchPath(frame.path, pathname) !== null && !(frame.readsQuery && search !== "");
}
