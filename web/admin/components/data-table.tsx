// A table of records from its columns: a table from 900 px, each row a card on phones, where a
// labelled column says its header above its value (admin.css); a screen's CSS only places its
// cells on the phone card.
import type { ReactNode } from "react";

export interface Column<R> {
  /** The header's words; hidden ones (a photo, the actions) are still read out. */
  header: string;
  cell: (row: R) => ReactNode;
  /** The cell's class: where the screen's CSS puts it on a phone's card. */
  className?: string;
  hideHeader?: boolean;
  /** On phones, the header goes above the value. */
  labelled?: boolean;
  /** Money and counts: right-aligned, figures lined up. */
  numeric?: boolean;
}

interface DataTableProps<R> {
  rows: readonly R[];
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  /** The table's own class, for its phone layout. */
  className: string;
  rowClass?: (row: R) => string | undefined;
  /** An answer to a newer question is on its way: the rows dim. */
  pending?: boolean;
  caption?: ReactNode;
  /** Styled only by its own class, not as the lists' tables (a card's small table). */
  plain?: boolean;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

export function DataTable<R>({
  rows,
  columns,
  rowKey,
  className,
  rowClass,
  pending = false,
  caption,
  plain = false,
}: DataTableProps<R>) {
  return (
    <table className={classes(!plain && "admin-table", className, pending && "is-pending")}>
      {caption ? <caption>{caption}</caption> : null}
      <thead className="caps-label">
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={column.numeric ? "is-number" : undefined}
            >
              {column.hideHeader ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)}>
            {columns.map((column) => (
              <td
                key={column.header}
                className={classes(column.className, column.numeric && "is-number") || undefined}
                data-label={column.labelled ? column.header : undefined}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
