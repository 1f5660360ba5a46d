import { Link } from "react-router-dom";

interface PagerProps {
  page: number;
  /** Unknown when the list does not say its total (the audit log): then `hasNext` decides. */
  pageCount?: number;
  hasNext: boolean;
  /** The address of a page. */
  to: (page: number) => string;
}

/** Previous / Page n of m / Next, as links, so every page has an address. */
export function Pager({ page, pageCount, hasNext, to }: PagerProps) {
  if (page <= 1 && !hasNext) return null;
  const step = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link className="admin-pager-link" to={to(target)}>
        {label}
      </Link>
    ) : (
      <span className="admin-pager-link is-disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="admin-pager" aria-label="Pages">
      {step(page - 1, "Previous", page > 1)}
      <span className="admin-pager-where" aria-current="page">
        Page {page}
        {pageCount ? ` of ${pageCount}` : ""}
      </span>
      {step(page + 1, "Next", hasNext)}
    </nav>
  );
}
