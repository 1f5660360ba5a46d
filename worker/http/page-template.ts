// The static assets' pages as templates for the pages the Worker fills in (product pages,
// the collection): the build's HTML file for a screen, whose <main> holds that screen's frame.
import { splitFrameMarkup } from "../contracts/frame-markup";
import type { Bindings } from "../env";
import { AppError } from "../lib/app-error";
import { escapeHtml } from "../lib/html";

/** What reading a template needs of the request's context. */
interface PageContext {
  env: Pick<Bindings, "ASSETS">;
  req: { url: string };
}

export interface Template {
  html: string;
  /** Changes with every build: part of a cache key, so a deploy never serves an old page. */
  etag: string;
}

/** The screen's frame: everything in <main>, which the Worker's render replaces. */
const MAIN = /(<main id="main"[^>]*>)[\s\S]*?(<\/main>)/;

/**
 * How long an isolate keeps a template before asking the static assets again. A deployment's
 * assets never change (a new one starts new isolates); locally, a rebuild shows within this time.
 */
const TEMPLATE_TTL_MS = 5_000;
const kept = new Map<string, { template: Promise<Template>; at: number }>();

async function fetchTemplate(c: PageContext, path: string): Promise<Template> {
  const res = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)));
  const html = res.ok ? await res.text() : "";
  if (!MAIN.test(html)) {
    throw new AppError(503, "The shop's pages are not built", "pages_not_built");
  }
  return { html, etag: res.headers.get("etag") ?? String(html.length) };
}

/** The static assets' page at `path` (the build's file for it), as this deployment has it. */
export function pageTemplate(c: PageContext, path: string): Promise<Template> {
  const now = Date.now();
  const known = kept.get(path);
  if (known && now - known.at < TEMPLATE_TTL_MS) return known.template;
  const fresh = { template: fetchTemplate(c, path), at: now };
  kept.set(path, fresh);
  fresh.template.catch(() => {
    if (kept.get(path) === fresh) kept.delete(path);
  });
  return fresh.template;
}

/** JSON inside <script>: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export interface Fill {
  /** The screen's frame, as React rendered it (its resource hints go in <head>). */
  frame: string;
  /** The page's title, as text. */
  title: string;
  /** Its meta description, as text, in place of the template's; the template's without it. */
  description?: string;
  /** Its canonical URL. */
  canonical?: string;
  /** More of <head>, as HTML the caller built and escaped. */
  head?: string;
  /** The data the app takes the frame over with, in <script type="application/json" id=…>. */
  data: { id: string; value: unknown };
  /** Links the page no longer needs (a preload of the data it now carries). */
  drop?: RegExp;
}

/** The template with the screen's frame, title, head and data in place. */
export function fillTemplate({ html }: Template, fill: Fill): string {
  const { hints, body } = splitFrameMarkup(fill.frame);
  const canonical =
    fill.canonical === undefined
      ? ""
      : `<link rel="canonical" href="${escapeHtml(fill.canonical)}">`;
  let page = html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(fill.title)}</title>`)
    .replace("</head>", () => `${hints}${canonical}${fill.head ?? ""}</head>`)
    .replace(MAIN, (_, open: string, close: string) => `${open}${body}${close}`)
    .replace(
      "</body>",
      () =>
        `<script type="application/json" id="${fill.data.id}">${scriptJson(fill.data.value)}</script></body>`,
    );
  if (fill.drop) page = page.replace(fill.drop, "");
  const { description } = fill;
  if (description !== undefined) {
    page = page.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}">`,
    );
  }
  return page;
}

export const htmlResponse = (body: string, status: number, headers: Record<string, string>) =>
  new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });
