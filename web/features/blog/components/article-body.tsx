import { type RefObject, useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import type { SafeHtml } from "../sanitize";

/**
 * A link inside the article that stays on this site, followed by the router instead of a full
 * page load; other sites, new-tab clicks and modified clicks keep the browser's behaviour.
 */
function useInAppLinks(ref: RefObject<HTMLDivElement | null>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
      if (!link || link.target) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, [ref, navigate]);
}

/** Renders article HTML; only sanitizeArticleHtml produces the SafeHtml it accepts. */
export function ArticleBody({ html }: { html: SafeHtml }) {
  const ref = useRef<HTMLDivElement>(null);
  useInAppLinks(ref);
  return (
    <div
      ref={ref}
      className="article-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml has been through DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
