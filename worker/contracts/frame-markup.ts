// What React's renderToString gives for a page's first frame, made ready for the HTML: both the
// build (web/build/static-shells.ts) and the Worker's product pages (routes/product-page.ts) use it.

/**
 * React puts resource hints (a high-priority image's preload) ahead of its markup: those go in
 * <head>. The CSP (style-src 'self') refuses style attributes in HTML; the stylesheets carry the
 * same values as defaults, and React sets its own through the CSSOM, which the CSP allows.
 */
export function splitFrameMarkup(markup: string): { hints: string; body: string } {
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? "";
  const body = markup.slice(hints.length).replace(/ style="[^"]*"/g, "");
  return { hints, body };
}
