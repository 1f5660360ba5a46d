// Every page's <head> as React Router's `meta` writes it: title, description, canonical link, Open
// Graph and Twitter card, and `noindex` for pages that are nobody's search result (cart,
// checkout, account). Link previews read these without running a script.
import type { MetaDescriptor } from "react-router";
import { pageTitle, SHARE_CARD, SHOP_NAME, SITE_DESCRIPTION } from "../../worker/contracts/site";

export interface PreviewImage {
  /** An address on the shop, from its root, or an absolute URL. */
  src: string;
  alt: string;
  /** Known for a raster made to Open Graph's size; an uploaded photo's is not. */
  size?: { width: number; height: number; type: string };
}

export interface PageMeta {
  /** The screen's title; the site's title without one. */
  title?: string;
  description?: string;
  /** The page's address on the shop: its canonical link and og:url. */
  path: string;
  /** The shop's origin (the root route's loader data: `shopOrigin`). */
  origin: string;
  image?: PreviewImage;
  type?: "website" | "product";
  /** Not for search engines (the cart, checkout, account pages). */
  noindex?: boolean;
  /** More tags (a product's price, its structured data). */
  more?: MetaDescriptor[];
}

const SHOP_IMAGE: PreviewImage = {
  src: SHARE_CARD.path,
  alt: SHARE_CARD.alt,
  size: { width: SHARE_CARD.width, height: SHARE_CARD.height, type: SHARE_CARD.type },
};

export function pageMeta({
  title,
  description = SITE_DESCRIPTION,
  path,
  origin,
  image = SHOP_IMAGE,
  type = "website",
  noindex = false,
  more = [],
}: PageMeta): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const imageUrl = /^https?:\/\//.test(image.src) ? image.src : `${origin}${image.src}`;
  const ogTitle = title ?? pageTitle();
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:locale", content: "en_AU" },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    ...(image.size
      ? [
          { property: "og:image:type", content: image.size.type },
          { property: "og:image:width", content: String(image.size.width) },
          { property: "og:image:height", content: String(image.size.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ogTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...more,
  ];
}

/** The shop's origin, which the root route's loader hands every page's `meta`. */
export function shopOrigin(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === "root")?.data as
    | { origin?: string }
    | undefined;
  return root?.origin ?? "";
}
