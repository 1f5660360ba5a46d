// Blog post HTML comes from the database, so it is cut down to plain article markup before it
// reaches the page: no scripts, styles, frames, forms, event handlers or script/data URLs.
import DOMPurify from "dompurify";

const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "blockquote",
  "a",
  "br",
  "hr",
  "figure",
  "figcaption",
  "img",
];
const ALLOWED_ATTR = ["href", "src", "alt", "width", "height"];
// DOMPurify's own URL check lets data: through on <img>, so schemes are allow-listed again here.
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);

declare const safeHtml: unique symbol;
/** HTML that went through sanitizeArticleHtml: the only kind ArticleBody will render. */
export type SafeHtml = string & { readonly [safeHtml]: true };

function parseUrl(value: string, origin: string): URL | null {
  try {
    return new URL(value, origin);
  } catch {
    return null;
  }
}

function checkUrls(node: Element, origin: string): void {
  const tag = node.tagName.toLowerCase();
  if (tag === "img") {
    const src = node.getAttribute("src");
    const url = src === null ? null : parseUrl(src, origin);
    if (!url || !IMAGE_PROTOCOLS.has(url.protocol)) node.removeAttribute("src");
    node.setAttribute("loading", "lazy");
    node.setAttribute("decoding", "async");
    return;
  }
  if (tag !== "a") return;
  const href = node.getAttribute("href");
  if (href === null) return;
  const url = parseUrl(href, origin);
  if (!url || !LINK_PROTOCOLS.has(url.protocol)) {
    node.removeAttribute("href");
    return;
  }
  // Other sites open in a new tab and learn nothing about the page that linked to them.
  if (url.protocol.startsWith("http") && url.origin !== origin) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
}

let purifier: ReturnType<typeof DOMPurify> | undefined;
// The origin of the call in progress, for the hook; sanitize() runs synchronously, so one slot does.
let hookOrigin = "";

// A private instance, so the hook never touches anyone else's use of the shared DOMPurify.
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook("afterSanitizeAttributes", (node) => checkUrls(node, hookOrigin));
  }
  return purifier;
}

/**
 * Article markup only. `origin` decides which links count as external; it defaults to the page's.
 * Without a working DOM the sanitiser cannot run, so nothing is returned rather than raw input.
 */
export function sanitizeArticleHtml(html: string, origin = window.location.origin): SafeHtml {
  const instance = getPurifier();
  if (!instance.isSupported) return "" as SafeHtml;
  hookOrigin = origin;
  return instance.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  }) as SafeHtml;
}
