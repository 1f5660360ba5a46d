import { useMemo } from "react";
import { Link } from "react-router-dom";
import type { AuditEntryDto } from "../../../worker/contracts/admin";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { useLoad } from "../../lib/use-load";
import { fetchCategories } from "../categories/api";
import { adminPaths } from "../paths";
import { type CategoryNames, changesOf, describeAction, subjectName } from "./audit-format";

/** Where an entry's record is edited, when the back-office has a screen for it. */
function subjectLink(entry: AuditEntryDto): string | null {
  switch (entry.entity) {
    case "product":
    case "stock":
    case "image":
      return adminPaths.product(entry.entityId);
    case "category":
      return adminPaths.categories;
    case "payout":
      return adminPaths.payout(entry.entityId);
    case "order":
      return adminPaths.order(entry.entityId);
    case "creator":
      return adminPaths.creators;
    case "message":
      return `${adminPaths.inbox}?id=${encodeURIComponent(entry.entityId)}`;
    default:
      return null;
  }
}

/** What an entry's link reads when the entry names no record. */
const SUBJECT_WORDS: Partial<Record<AuditEntryDto["entity"], string>> = {
  category: "the categories",
  payout: "the payout",
  creator: "the creators",
  message: "the message",
};

const NO_NAMES: CategoryNames = new Map();

/** Category ids to names, for the audit log; until they load (or if they cannot), ids show. */
function useCategoryNames(): CategoryNames {
  const categories = useLoad(fetchCategories);
  const data = categories.status === "loaded" ? categories.data : null;
  return useMemo(
    () => (data ? new Map(data.map((category) => [category._id, category.name])) : NO_NAMES),
    [data],
  );
}

/** Entries of the audit log in words, newest first; dimmed while a newer page is on its way. */
export function AuditList({
  entries,
  pending = false,
  showSubject = false,
}: {
  entries: readonly AuditEntryDto[];
  pending?: boolean;
  /** The log of one product leaves out which product (the Activity screen names it). */
  showSubject?: boolean;
}) {
  const categories = useCategoryNames();
  return (
    <ol className={pending ? "audit-list is-pending" : "audit-list"}>
      {entries.map((entry) => (
        <AuditEntry
          key={entry.id}
          entry={entry}
          categories={categories}
          showSubject={showSubject}
        />
      ))}
    </ol>
  );
}

interface AuditEntryProps {
  entry: AuditEntryDto;
  categories: CategoryNames;
  showSubject: boolean;
}

function AuditEntry({ entry, categories, showSubject }: AuditEntryProps) {
  const changes = changesOf(entry, categories);
  const link = showSubject ? subjectLink(entry) : null;
  const name = subjectName(entry);
  return (
    <li className="audit-entry edge-note">
      <div className="audit-entry-head">
        <p className="audit-action">
          <strong>{describeAction(entry)}</strong>
          {showSubject ? (
            link ? (
              <>
                {" · "}
                <Link to={link}>{name ?? SUBJECT_WORDS[entry.entity] ?? "the product"}</Link>
              </>
            ) : name ? (
              ` · ${name}`
            ) : null
          ) : null}
        </p>
        <p className="audit-meta">
          <time dateTime={entry.at}>{formatShopMoment(entry.at)}</time>
          <span aria-hidden="true"> · </span>
          <span className="audit-actor">{entry.actor.email}</span>
        </p>
      </div>
      {changes.length > 0 ? (
        <dl className="audit-changes">
          {changes.map((change) => (
            <div
              key={`${change.label}:${change.after ?? change.before}`}
              className={`audit-change is-${change.kind}`}
            >
              <dt>{change.label}</dt>
              <dd title={change.full}>
                {change.kind === "changed" ? (
                  <>
                    <del className="audit-before">
                      <span className="visually-hidden">from </span>
                      {change.before}
                    </del>
                    <span className="audit-arrow" aria-hidden="true">
                      {" → "}
                    </span>
                    <ins className="audit-after">
                      <span className="visually-hidden"> to </span>
                      {change.after}
                    </ins>
                  </>
                ) : change.kind === "removed" ? (
                  <del className="audit-before">{change.before}</del>
                ) : (
                  <span className="audit-after">{change.after}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
