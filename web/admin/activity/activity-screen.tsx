// Activity: the whole audit log, newest first, 50 a page, optionally one kind of record, on the
// list kit. Every back-office write is in it: who, when (Brisbane time), what, and each field
// before → after.
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, AuditQuery } from "../../../worker/contracts/admin";
import { DataList } from "../components/data-list";
import { PageHeader } from "../components/page-header";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchAudit } from "./api";
import { AuditList } from "./audit-entry";
import { ENTITY_LABELS } from "./audit-format";

export function ActivityScreen() {
  useAdminTitle("Activity");
  const { query, list: log } = useList(AuditQuery, fetchAudit, {
    path: adminPaths.activity,
    failed: "The activity could not be loaded.",
  });
  return (
    <div className="admin-screen">
      <PageHeader title="Activity">
        <p className="admin-muted">Every change made in the back-office, newest first.</p>
      </PageHeader>
      <DataList
        query={query}
        list={log}
        noun="entry"
        nouns="entries"
        loadingLabel="Loading the activity…"
        selects={[
          {
            param: "entity",
            label: "Show",
            placeholder: "Everything",
            options: AUDIT_ENTITIES.map((entity) => ({
              value: entity,
              label: ENTITY_LABELS[entity],
            })),
          },
        ]}
        rows={(entries) => entries}
        pageSize={AUDIT_PAGE_SIZE}
        empty={() => ({ title: "Nothing recorded yet." })}
      >
        {(entries, pending) => <AuditList entries={entries} pending={pending} showSubject />}
      </DataList>
    </div>
  );
}
