// How the Worker answers a page (worker/routes/pages.ts hands React Router the request): the whole
// document rendered before the first byte goes out, so the HTML a phone first paints, a crawler
// reads and a link preview fetches holds the page itself (its largest paint included). The scripts
// React Router writes inline carry the response's nonce, which the Worker's CSP names.
import { renderToReadableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";

/** Pages revalidate with their ETag, as the catalogue's answers do (a 304 costs no render). */
const PAGE_CACHE_CONTROL = "private, no-cache";

/** A strong ETag of what the page is made of: this build, the address, its status and data. */
async function pageEtag(request: Request, status: number, context: EntryContext) {
  const made = JSON.stringify([
    context.manifest.version,
    request.url,
    status,
    context.staticHandlerContext.loaderData,
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(made));
  const bytes = String.fromCharCode(...new Uint8Array(digest).slice(0, 18));
  return `"${btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_")}"`;
}

const holds = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) ?? false;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (status === 200) {
    const etag = await pageEtag(request, status, context);
    headers.set("ETag", etag);
    headers.set("Cache-Control", PAGE_CACHE_CONTROL);
    if (holds(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers });
    }
  } else {
    // A missing product may be published in a minute; an error is no page to keep.
    headers.set("Cache-Control", "no-store");
  }
  let failed = false;
  const body = await renderToReadableStream(
    <ServerRouter context={context} url={request.url} nonce={loadContext.nonce} />,
    {
      nonce: loadContext.nonce,
      signal: request.signal,
      onError(error: unknown) {
        failed = true;
        console.error("page render failed", request.method, new URL(request.url).pathname, error);
      },
    },
  );
  await body.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { status: failed ? 500 : status, headers });
}
