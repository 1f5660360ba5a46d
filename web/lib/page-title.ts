import { useEffect } from "react";
import { pageTitle, SITE_DESCRIPTION } from "../../worker/contracts/site";

export { SHOP_NAME, SITE_DESCRIPTION, SITE_TITLE } from "../../worker/contracts/site";

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
    document.title = pageTitle(title);
    setMetaDescription(description ?? SITE_DESCRIPTION);
  }, [title, description]);
}
