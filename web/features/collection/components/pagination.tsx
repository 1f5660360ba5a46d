import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { type CollectionQuery, pageList, toCollectionParams } from "../collection-query";
import "./pagination.css";

/** One control of a page list: the previous or next step, or a page. */
export interface PageControl {
  target: number;
  className: string;
  label: string;
  text: ReactNode;
  /** The page shown now. */
  current: boolean;
  /** A step past the first or the last page. */
  disabled: boolean;
}

interface PageNavProps {
  label: string;
  page: number;
  pageCount: number;
  /** Renders one control: a link where the page is in the address, a button where it is not. */
  control: (props: PageControl) => ReactNode;
}

/** Prev, the page list with its gaps, Next; nothing for a single page. */
export function PageNav({ label, page, pageCount, control }: PageNavProps) {
  if (pageCount <= 1) return null;
  const step = (target: number, stepLabel: string, text: string) =>
    control({
      target,
      className: "pagination-step",
      label: stepLabel,
      text,
      current: false,
      disabled: target < 1 || target > pageCount,
    });
  return (
    <nav className="pagination" aria-label={label}>
      {step(page - 1, "Previous page", "‹ Prev")}
      <ol className="pagination-pages">
        {pageList(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              {control({
                target: entry,
                className: "pagination-page",
                label: `Page ${entry}`,
                text: entry,
                current: entry === page,
                disabled: false,
              })}
            </li>
          ),
        )}
      </ol>
      {step(page + 1, "Next page", "Next ›")}
    </nav>
  );
}

interface PaginationProps {
  query: CollectionQuery;
  page: number;
  pageCount: number;
  /** Called after a page link is followed, to bring the top of the results into view. */
  onNavigate: () => void;
}

/** Real links (not buttons), so a page can be opened in a new tab or shared. */
export function Pagination({ query, page, pageCount, onNavigate }: PaginationProps) {
  return (
    <PageNav
      label="Pagination"
      page={page}
      pageCount={pageCount}
      control={({ target, className, label, text, current, disabled }) =>
        disabled ? (
          <span className={`${className} is-disabled`} aria-hidden="true">
            {text}
          </span>
        ) : (
          <Link
            to={`?${toCollectionParams({ ...query, page: target })}`}
            className={className}
            aria-label={label}
            aria-current={current ? "page" : undefined}
            onClick={onNavigate}
          >
            {text}
          </Link>
        )
      }
    />
  );
}
