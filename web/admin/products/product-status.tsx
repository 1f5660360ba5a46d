import type { ProductStatus } from "../../../worker/contracts/admin-catalogue";

export const STATUS_LABELS: Record<ProductStatus, string> = {
  active: "Active",
  draft: "Draft",
  archived: "Archived",
};

/** What each status means for shoppers, for the editor's status choice. */
export const STATUS_HINTS: Record<ProductStatus, string> = {
  active: "On the storefront: shoppers can find and buy it.",
  draft: "Hidden from shoppers while you prepare it.",
  archived: "Off the storefront; orders that include it still show it.",
};

export function StatusPill({ status }: { status: ProductStatus }) {
  return <span className={`admin-pill is-${status}`}>{STATUS_LABELS[status]}</span>;
}
