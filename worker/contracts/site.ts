// How the shop names its pages: the SPA sets these as a shopper moves around (web/lib/page-title.ts)
// and the pages' `meta` write them into every page's HTML (web/lib/page-meta.ts), so a crawler
// reads what a shopper's tab shows.

export const SHOP_NAME = "Tamra & Tara";
export const SITE_TITLE = `${SHOP_NAME} — Spiritual gifts & Indian handcrafted decor`;
export const SITE_DESCRIPTION =
  "Copper water bottles, wind chimes, wall hangings, singing bowls and idols handcrafted in India, " +
  "sent from Brisbane across Australia.";

/** The collection's own title and description (the SPA sets them; its HTML carries them). */
export const COLLECTION_TITLE = "Shop the collection";
export const COLLECTION_DESCRIPTION =
  "Search and filter copper water bottles, wind chimes, wall hangings, singing bowls, idols and " +
  "puja essentials handcrafted in India, sent from Brisbane.";

/** A screen's document title; the site title for a screen without one. */
export const pageTitle = (title?: string): string =>
  title ? `${title} — ${SHOP_NAME}` : SITE_TITLE;

/** Search engines show about 155 characters; cut at a word and mark the cut. */
export function metaDescription(text: string, limit = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The shop's own link-preview card (public/media/share-card.jpg, the home hero's poster cut to
 * Open Graph's 1200x630), for every page without a picture of its own.
 */
export const SHARE_CARD = {
  path: "/media/share-card.jpg",
  width: 1200,
  height: 630,
  type: "image/jpeg",
  alt: "A hammered copper water bottle and tumbler with marigolds and tulsi leaves",
} as const;
