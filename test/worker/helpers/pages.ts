// Reading the shop's pages as a crawler does: the tags in <head>, the body before any script.
import { api } from "./factories";

/** The content of the first `<meta>` whose `attr` is `key`, unescaped as a parser would. */
export function metaContent(
  html: string,
  attr: "name" | "property",
  key: string,
): string | undefined {
  const tag = new RegExp(
    `<meta ${attr}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"/?>`,
  ).exec(html);
  return tag?.[1] === undefined ? undefined : unescapeHtml(tag[1]);
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export const canonical = (html: string) =>
  /<link rel="canonical" href="([^"]*)"\/?>/.exec(html)?.[1];

export const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m?.[1] ? JSON.parse(m[1]) : undefined;
};

/** The body up to its first script: what a browser shows before any script has run. */
export const bodyBeforeScripts = (html: string) => {
  const body = html.slice(html.indexOf("<body"));
  const script = body.indexOf("<script");
  return script === -1 ? body : body.slice(0, script);
};

export async function page(path: string, init?: RequestInit) {
  const res = await api(path, init);
  return { res, html: await res.text() };
}
