// A product's status in words: its pill, and what it means for shoppers.
import type { ProductStatus } from "../../../worker/contracts/admin-catalogue";
import type { StatusWords } from "../components/pill";

export const PRODUCT_STATUS_WORDS: Record<ProductStatus, StatusWords> = {
  active: { label: "Active", tone: "ok" },
  draft: { label: "Draft", tone: "copper" },
  archived: { label: "Archived", tone: "muted" },
};

/** What each status means for shoppers, for the editor's status choice. */
export const STATUS_HINTS: Record<ProductStatus, string> = {
  active: "On the storefront: shoppers can find and buy it.",
  draft: "Hidden from shoppers while you prepare it.",
  archived: "Off the storefront; orders that include it still show it.",
};
