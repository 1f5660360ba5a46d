// A product's history, newest first: its own edits, its stock changes and its photos (the audit
// log keys all three by the product's id). `version` changes after each save here, to ask again.
import { useState } from "react";
import { AUDIT_PAGE_SIZE, type AuditEntryDto } from "../../../worker/contracts/admin";
import { useLoad } from "../../lib/use-load";
import { fetchAudit } from "../activity/api";
import { AuditList } from "../activity/audit-entry";
import { Card } from "../components/card";
import { LoadFailed, Loading } from "../components/load-state";
import { reportAdminFailure } from "../lib/admin-api";

interface Older {
  /** The first page's key these follow. */
  key: string;
  entries: AuditEntryDto[];
  page: number;
  lastCount: number;
}

const NO_OLDER: Older = { key: "", entries: [], page: 1, lastCount: 0 };

export function ProductHistory({ productId, version }: { productId: string; version: number }) {
  const first = useLoad((signal) => fetchAudit({ id: productId }, signal), {
    key: `${productId}:${version}`,
    keepWhileReloading: true,
    failure: { fallback: "The history could not be loaded.", toast: false },
  });
  // Older pages, fetched on request and kept until the first page changes.
  const [older, setOlder] = useState<Older>(NO_OLDER);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = `${productId}:${version}`;
  const extra = older.key === key ? older : NO_OLDER;

  const entries = first.status === "loaded" ? [...first.data, ...extra.entries] : [];
  // A full page may have more behind it.
  const lastCount = extra.page === 1 ? entries.length : extra.lastCount;
  const hasMore = first.status === "loaded" && lastCount === AUDIT_PAGE_SIZE;

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = extra.page + 1;
      const more = await fetchAudit({ id: productId, page });
      setOlder({ key, entries: [...extra.entries, ...more], page, lastCount: more.length });
    } catch (error) {
      reportAdminFailure(error, "The older history could not be loaded.");
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Card title="History" className="product-history">
      {first.status === "loading" ? (
        <Loading label="Loading the history…" />
      ) : first.status === "failed" ? (
        <LoadFailed message={first.message} onRetry={first.reload} />
      ) : entries.length === 0 ? (
        <p className="admin-muted">No changes recorded yet.</p>
      ) : (
        <>
          <AuditList entries={entries} />
          {hasMore ? (
            <button
              type="button"
              className="button button-ghost"
              onClick={loadMore}
              disabled={loadingMore}
            >
              {loadingMore ? "Loading…" : "Show older changes"}
            </button>
          ) : null}
        </>
      )}
    </Card>
  );
}
