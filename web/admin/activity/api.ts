// The audit log (GET /api/admin/audit): every back-office write, newest first.
import type * as v from "valibot";
import type { AuditEntryDto, AuditQuery } from "../../../worker/contracts/admin";
import { fetchList } from "../lib/admin-api";

/** The whole log or one kind of record; `id`: one record's entries (a product's id also finds its stock and photo entries). */
export type AuditParams = Partial<v.InferOutput<typeof AuditQuery>>;

export const fetchAudit = async (params: AuditParams, signal?: AbortSignal) =>
  (await fetchList<{ success: true; entries: AuditEntryDto[] }>("/api/admin/audit", params, signal))
    .entries;
