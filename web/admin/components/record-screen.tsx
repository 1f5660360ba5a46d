// A screen of one record (an order, a payout, a product): loading, then the record, or a failure
// with Try again, or "No such …" when the Worker knows nothing at that address (404).
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { ApiError } from "../../lib/api-client";
import { type Load, type LoadOptions, useLoad } from "../../lib/use-load";
import { useAdminTitle } from "../lib/use-admin-title";
import { LoadFailed, Loading } from "./load-state";
import { PageHeader } from "./page-header";

/** The record named by the address's `param`, asked again when it changes. */
export function useRecord<T>(
  param: string,
  load: (id: string, signal: AbortSignal) => Promise<T>,
  fallback: string,
  options: Pick<LoadOptions<string>, "keepWhileReloading"> = {},
): Load<T> & { id: string } {
  const id = useParams()[param] ?? "";
  const record = useLoad((signal, key: string) => load(key, signal), {
    key: id,
    failure: { fallback, toast: false },
    ...options,
  });
  return { ...record, id };
}

interface RecordScreenProps<T> {
  record: Load<T>;
  loadingLabel: string;
  /** Where the record belongs (a BackLink). */
  back: ReactNode;
  /** The title while it cannot be shown ("Order"), in the header and the tab. */
  title: string;
  /** The tab's title once it is loaded. */
  titleOf: (record: T) => string;
  /** What a 404 says: its title and its words. */
  missing: { title: string; text: ReactNode };
  children: (record: T) => ReactNode;
}

export function RecordScreen<T>({
  record,
  loadingLabel,
  back,
  title,
  titleOf,
  missing,
  children,
}: RecordScreenProps<T>) {
  useAdminTitle(record.status === "loaded" ? titleOf(record.data) : title);
  if (record.status === "loaded") return <>{children(record.data)}</>;
  if (record.status === "loading") {
    return (
      <div className="admin-screen">
        <Loading label={loadingLabel} />
      </div>
    );
  }
  const gone = record.error instanceof ApiError && record.error.status === 404;
  return (
    <div className="admin-screen">
      <PageHeader eyebrow={back} title={gone ? missing.title : title} />
      {gone ? (
        <p>{missing.text}</p>
      ) : (
        <LoadFailed message={record.message} onRetry={record.reload} />
      )}
    </div>
  );
}
