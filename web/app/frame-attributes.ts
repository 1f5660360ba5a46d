// The markup contract of the pre-rendered first frame: the static-shells build plugin
// (web/build/static-shells.ts) writes these on each page's #root, and the browser reads them
// (app/frame.ts; main.tsx holds its own two to these by type). Plain constants, so the Node-side
// build can import them too.

/** The element the frame is rendered into and the app starts in (empty in index.html). */
export const ROOT_ID = "root";

/**
 * The route pattern the frame renders, e.g. /product/:productId. Without it the app renders the
 * page afresh instead of taking the frame over (a screen that reads storage).
 */
export const FRAME_PATH_ATTRIBUTE = "data-frame";
/** Present when the frame holds the screen in its loading state, not the spinner. */
export const FRAME_SCREEN_ATTRIBUTE = "data-frame-screen";
/** Present when the screen renders from the query, which the frame was rendered without. */
export const FRAME_QUERY_ATTRIBUTE = "data-frame-query";
/** Present when the frame holds the page's largest paint: the app is fetched once it shows. */
export const FRAME_PAINTS_FIRST_ATTRIBUTE = "data-frame-paints-first";
