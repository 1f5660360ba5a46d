import { Link } from "react-router-dom";
import { type CollectionQuery, pageList, toCollectionParams } from "../collection-query";
import "./pagination.css";

interface PaginationProps {
  query: CollectionQuery;
  page: number;
  pageCount: number;
  /** Called after a page link is followed, to bring the top of the results into view. */
  onNavigate: () => void;
}

/** Real links (not buttons), so a page can be opened in a new tab or shared. */
export function Pagination({ query, page, pageCount, onNavigate }: PaginationProps) {
  if (pageCount <= 1) return null;
  const search = (n: number) => `?${toCollectionParams({ ...query, page: n })}`;
  const step = (n: number, label: string, text: string, className: string) =>
    n >= 1 && n <= pageCount ? (
      <Link to={search(n)} className={className} aria-label={label} onClick={onNavigate}>
        {text}
      </Link>
    ) : (
      <span className={`${className} is-disabled`} aria-hidden="true">
        {text}
      </span>
    );

  return (
    <nav className="pagination" aria-label="Pagination">
      {step(page - 1, "Previous page", "‹ Prev", "pagination-step")}
      <ol className="pagination-pages">
        {pageList(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={search(entry)}
                className="pagination-page"
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? "page" : undefined}
                onClick={onNavigate}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
      </ol>
      {step(page + 1, "Next page", "Next ›", "pagination-step")}
    </nav>
  );
}
