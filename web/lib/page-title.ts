import { useEffect } from "react";

export const SHOP_NAME = "Tamra & Tara";
export const SITE_TITLE = `${SHOP_NAME} — Spiritual gifts & Indian handcrafted decor`;
export const SITE_DESCRIPTION =
  "Copper water bottles, wind chimes, wall hangings, singing bowls and idols handcrafted in India, " +
  "sent from Brisbane across Australia.";

function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets document.title and the meta description for the current screen; without a title it uses
 * the site title, without a description the site description.
 */
export function usePageTitle(title?: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SHOP_NAME}` : SITE_TITLE;
    setMetaDescription(description ?? SITE_DESCRIPTION);
  }, [title, description]);
}
