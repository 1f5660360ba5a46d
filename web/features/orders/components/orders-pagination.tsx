// Page buttons for the orders list: the collection's look and page list, but buttons, because the
// page is not part of the address.
import { PageNav } from "../../collection/components/pagination";

interface OrdersPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function OrdersPagination({ page, pageCount, onPage }: OrdersPaginationProps) {
  return (
    <PageNav
      label="Order pages"
      page={page}
      pageCount={pageCount}
      control={({ target, className, label, text, current, disabled }) => (
        <button
          type="button"
          className={className}
          aria-label={label}
          aria-current={current ? "page" : undefined}
          disabled={disabled}
          onClick={() => onPage(target)}
        >
          {text}
        </button>
      )}
    />
  );
}
