import { useEffect } from "react";

/** "Products · Back-office": the tab says which screen, and that it is the back-office. */
export function useAdminTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Back-office` : "Back-office";
  }, [title]);
}
