import { useEffect } from "react";

export const SHOP_NAME = "Tamra & Tara";
export const SITE_TITLE = `${SHOP_NAME} — Spiritual gifts & Indian handcrafted decor`;

/** Sets document.title for the current screen; without a title it uses the site title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SHOP_NAME}` : SITE_TITLE;
  }, [title]);
}
