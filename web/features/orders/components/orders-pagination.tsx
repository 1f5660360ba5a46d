// Page buttons for the orders list: the collection's look and page list, but buttons, because the
// page is not part of the address.
import { pageList } from "../../collection/collection-query";
import "../../collection/components/pagination.css";

interface OrdersPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function OrdersPagination({ page, pageCount, onPage }: OrdersPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Order pages">
      <button
        type="button"
        className="pagination-step"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹ Prev
      </button>
      <ol className="pagination-pages">
        {pageList(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <button
                type="button"
                className="pagination-page"
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? "page" : undefined}
                onClick={() => onPage(entry)}
              >
                {entry}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="pagination-step"
        aria-label="Next page"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next ›
      </button>
    </nav>
  );
}
