// Activity: the whole audit log, newest first, 50 a page, optionally one kind of record. Every
// back-office write is in it: who, when (Brisbane time), what, and each field before → after.
import { useSearchParams } from "react-router-dom";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "../../../worker/contracts/admin";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchAudit } from "./api";
import { AuditEntry } from "./audit-entry";
import { ENTITY_LABELS } from "./audit-format";
import { useCategoryNames } from "./use-category-names";

const isEntity = (value: string | null): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value ?? "");

function address(entity: AuditEntity | undefined, page: number): string {
  const search = new URLSearchParams();
  if (entity) search.set("entity", entity);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${adminPaths.activity}?${text}` : adminPaths.activity;
}

export function ActivityScreen() {
  useAdminTitle("Activity");
  const [search, setSearch] = useSearchParams();
  const entityParam = search.get("entity");
  const entity = isEntity(entityParam) ? entityParam : undefined;
  const pageParam = Number(search.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const categories = useCategoryNames();
  const log = useLoad((signal) => fetchAudit({ entity, page }, signal), {
    key: address(entity, page),
    keepWhileReloading: true,
    failure: { fallback: "The activity could not be loaded.", toast: false },
  });

  return (
    <div className="admin-screen">
      <PageHeader title="Activity">
        <p className="admin-muted">Every change made in the back-office, newest first.</p>
      </PageHeader>
      <div className="admin-toolbar">
        <div className="field is-inline">
          <label htmlFor="activity-entity" className="field-label">
            Show
          </label>
          <select
            id="activity-entity"
            className="field-input field-select"
            value={entity ?? ""}
            onChange={(event) => {
              const next = new URLSearchParams();
              if (event.target.value) next.set("entity", event.target.value);
              setSearch(next);
            }}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((name) => (
              <option key={name} value={name}>
                {ENTITY_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.status === "loading" ? (
        <Loading label="Loading the activity…" />
      ) : log.status === "failed" ? (
        <LoadFailed message={log.message} onRetry={log.reload} />
      ) : log.data.length === 0 ? (
        <div className="admin-empty">
          <p>{page > 1 ? "No older activity." : "Nothing recorded yet."}</p>
        </div>
      ) : (
        <>
          <ol className={log.pending ? "audit-list is-pending" : "audit-list"}>
            {log.data.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} categories={categories} showSubject />
            ))}
          </ol>
          <Pager
            page={page}
            hasNext={log.data.length === AUDIT_PAGE_SIZE}
            to={(target) => address(entity, target)}
          />
        </>
      )}
    </div>
  );
}
