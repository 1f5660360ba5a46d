// The list kit's view (with lib/use-list-query.ts): a list screen is its query, its columns and its
// words. This owns the rest: the filter tabs, the search (checked with the list's own query schema),
// the selects, loading, a failure with Try again, an answer still coming (the last one dimmed), the
// count, the empty states and the pager.
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Field, SelectField, SubmitButton } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import type { Load } from "../../lib/use-load";
import { plural } from "../lib/format";
import type { ListParams, ListQuery } from "../lib/use-list-query";
import { type Column, DataTable } from "./data-table";
import { LoadFailed, Loading } from "./load-state";
import { Pager } from "./pager";
import type { StatusWords } from "./pill";

type Key<P> = keyof P & string;

export interface FilterTab {
  label: string;
  to: string;
  current: boolean;
}

/** Views of a list as links, so each has an address; on phones they scroll sideways. */
export function FilterTabs({ label, items }: { label: string; items: readonly FilterTab[] }) {
  return (
    <nav className="admin-filters" aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          className="admin-filter"
          aria-current={item.current ? "true" : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

export interface EmptyView {
  title: string;
  hint?: string;
  action?: { to: string; label: string; primary?: boolean };
}

export function EmptyState({ title, hint, action }: EmptyView) {
  return (
    <div className="admin-empty">
      <p>{title}</p>
      {hint ? <span>{hint}</span> : null}
      {action ? (
        <Link
          to={action.to}
          className={action.primary ? "button button-primary" : "button button-ghost"}
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

export interface ListTabs {
  param: string;
  /** The tabs' name for screen readers ("Filter by status"). */
  label: string;
  items: readonly { label: string; value: string | undefined }[];
  /** Parameters a new tab sets back to what it implies (the orders' sort). */
  resets?: readonly string[];
}

/** Tabs of a status (or a review state): All first unless `all` is false, then each as it reads. */
export function statusTabs(
  words: Record<string, StatusWords | string>,
  {
    param = "status",
    label = "Filter by status",
    all = true,
    resets,
  }: Partial<Pick<ListTabs, "param" | "label" | "resets">> & { all?: boolean } = {},
): ListTabs {
  return {
    param,
    label,
    resets,
    items: [
      ...(all ? [{ label: "All", value: undefined }] : []),
      ...Object.entries(words).map(([value, word]) => ({
        label: typeof word === "string" ? word : word.label,
        value,
      })),
    ],
  };
}

/** A page of a list whose answer says its total: the rows, that total and the page's size. */
export const paged = <T extends { total: number }, R>(
  list: Load<T>,
  rows: (answer: T) => readonly R[],
  pageSize: number,
) => ({ list, rows, total: (answer: T) => answer.total, pageSize });

export interface ListSearch<P> {
  /** The form's name ("Search orders"). */
  label: string;
  fields: readonly {
    param: Key<P>;
    label: string;
    type?: "search" | "date";
    maxLength?: number;
    /** Sent even when empty, so the schema asks for it (else empty is no value). */
    required?: boolean;
    className?: string;
  }[];
  submitLabel?: string;
  className?: string;
}

export interface ListSelect<P> {
  param: Key<P>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The choice of no value ("Everything"). */
  placeholder?: string;
}

/** The controls of a list: each tab, search and select writes the address, which is the list. */
export interface ListControls<P extends ListParams> {
  query: ListQuery<P>;
  tabs?: ListTabs;
  /** Ready-made views (the report's quarters), as tabs. */
  presets?: { label: string; items: readonly FilterTab[] };
  search?: ListSearch<P>;
  selects?: readonly ListSelect<P>[];
}

/**
 * What narrows the list beyond its default view: a required field (the report's days) is what the
 * list is about, not a filter on it.
 */
const narrowing = <P extends ListParams>(query: ListQuery<P>, search?: ListSearch<P>) =>
  query.narrowed.filter(
    (key) => !search?.fields.some((field) => field.param === key && field.required),
  );

export function ListToolbar<P extends ListParams>({
  query,
  tabs,
  presets,
  search,
  selects = [],
}: ListControls<P>) {
  const { params } = query;
  const clearable = Boolean(search || selects.length > 0) && narrowing(query, search).length > 0;
  return (
    <div className="list-toolbar">
      {presets ? <FilterTabs label={presets.label} items={presets.items} /> : null}
      {tabs ? (
        <FilterTabs
          label={tabs.label}
          items={tabs.items.map(({ label, value }) => ({
            label,
            to: query.address({
              [tabs.param]: value,
              ...Object.fromEntries((tabs.resets ?? []).map((key) => [key, undefined])),
            } as Partial<P>),
            current: (params[tabs.param] ?? undefined) === value,
          }))}
        />
      ) : null}
      {search ? (
        // A new address (Back, a tab) starts the fields again from it.
        <ListSearchForm
          key={search.fields.map((field) => params[field.param] ?? "").join("|")}
          query={query}
          search={search}
        />
      ) : null}
      {selects.length > 0 || clearable ? (
        <div className="list-arrange">
          {selects.map((select) => (
            <SelectField
              key={select.param}
              className="is-inline"
              label={select.label}
              name={select.param}
              value={String(params[select.param] ?? "")}
              options={select.options}
              placeholder={select.placeholder}
              onChange={(event) =>
                query.go({ [select.param]: event.target.value || undefined } as Partial<P>)
              }
            />
          ))}
          {clearable ? (
            <Link to={query.home} className="admin-back">
              Clear filters
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ListSearchForm<P extends ListParams>({
  query,
  search,
}: {
  query: ListQuery<P>;
  search: ListSearch<P>;
}) {
  const navigate = useNavigate();
  const { fields } = search;
  const initial = Object.fromEntries(
    fields.map((field) => [field.param, String(query.params[field.param] ?? "")]),
  );
  const form = useForm(
    initial,
    formSchema(
      (values) =>
        Object.fromEntries(
          fields.map((field) => [
            field.param,
            values[field.param] || (field.required ? "" : undefined),
          ]),
        ),
      query.schema,
    ),
  );
  const onSubmit = form.submit(async (output) => {
    const change = Object.fromEntries(fields.map((field) => [field.param, output[field.param]]));
    navigate(query.address(change as Partial<P>));
  });
  return (
    <form
      ref={form.formRef}
      className={search.className ? `list-search ${search.className}` : "list-search"}
      aria-label={search.label}
      noValidate
      onSubmit={onSubmit}
    >
      {fields.map(({ param, label, type = "search", maxLength, required, className }) => {
        const { error, ...control } = form.field(param);
        return (
          <Field key={param} label={label} error={error} className={className}>
            {(aria) => (
              <input
                className="field-input"
                type={type}
                maxLength={maxLength}
                required={required}
                autoComplete="off"
                {...aria}
                {...control}
              />
            )}
          </Field>
        );
      })}
      <SubmitButton ghost sending={false} sendingLabel="">
        {search.submitLabel ?? "Search"}
      </SubmitButton>
    </form>
  );
}

type DataListProps<P extends ListParams, T, R> = Partial<ListControls<P>> & {
  list: Load<T>;
  /** What a row is: "product" ("products"). */
  noun: string;
  nouns?: string;
  loadingLabel?: string;
  rows: (answer: T) => readonly R[];
  /** How many there are in all, when the answer says (else no count, unless `count`). */
  total?: (answer: T) => number;
  pageSize?: number;
  /** Said after the count ("3 creators pending"). */
  countSuffix?: (params: P) => string;
  /** Instead of the count. */
  count?: (answer: T) => ReactNode;
  columns?: readonly Column<R>[];
  rowKey?: (row: R) => string;
  tableClass?: string;
  rowClass?: (row: R) => string | undefined;
  /** Rows in a layout of their own, instead of a table of `columns`. */
  children?: (rows: readonly R[], pending: boolean) => ReactNode;
  /** What the default view says when it is empty (a later page and a search say it themselves). */
  empty: (params: P) => EmptyView;
  /** Shown with every answer, above the rows (the payouts' next payout, the report's totals). */
  above?: (answer: T) => ReactNode;
  /** Shown beside the rows (the open message). */
  aside?: (answer: T) => ReactNode;
  className?: string | ((answer: T) => string);
  label?: string;
};

export function DataList<P extends ListParams, T, R>(props: DataListProps<P, T, R>) {
  const { query } = props;
  return (
    <>
      {query ? <ListToolbar {...props} query={query} /> : null}
      <ListBody {...props} />
    </>
  );
}

function ListBody<P extends ListParams, T, R>(props: DataListProps<P, T, R>) {
  const { list, noun, nouns = `${noun}s` } = props;
  if (list.status === "loading") {
    return <Loading label={props.loadingLabel ?? `Loading ${nouns}…`} />;
  }
  if (list.status === "failed") return <LoadFailed message={list.message} onRetry={list.reload} />;
  const answer = list.data;
  const rows = props.rows(answer);
  const aside = props.aside?.(answer) ?? null;
  const className =
    typeof props.className === "function" ? props.className(answer) : props.className;
  return (
    <>
      {props.above?.(answer)}
      <div className={className ? `data-list ${className}` : "data-list"}>
        <section className="data-list-rows" aria-label={props.label}>
          {rows.length === 0 ? (
            <EmptyState {...emptyView(props, nouns)} />
          ) : (
            <>
              {props.count || props.total ? (
                <p className="admin-count" aria-live="polite">
                  {props.count ? props.count(answer) : countLine(props, answer, rows.length, nouns)}
                </p>
              ) : null}
              {props.children ? (
                props.children(rows, list.pending)
              ) : props.columns && props.rowKey ? (
                <DataTable
                  rows={rows}
                  columns={props.columns}
                  rowKey={props.rowKey}
                  className={props.tableClass ?? ""}
                  rowClass={props.rowClass}
                  pending={list.pending}
                />
              ) : null}
              <ListPager {...props} answer={answer} shown={rows.length} />
            </>
          )}
        </section>
        {aside}
      </div>
    </>
  );
}

const pageOf = (params: ListParams | undefined) => Number(params?.page ?? 1);

function countLine<P extends ListParams, T, R>(
  { query, total, pageSize, noun, countSuffix }: DataListProps<P, T, R>,
  answer: T,
  shown: number,
  nouns: string,
): string {
  const all = total ? total(answer) : shown;
  const first = (pageOf(query?.params) - 1) * (pageSize ?? shown) + 1;
  const range =
    all > shown
      ? `${first}–${first + shown - 1} of ${plural(all, noun, nouns)}`
      : plural(all, noun, nouns);
  const params = query?.params;
  const q = typeof params?.q === "string" && params.q ? ` matching “${params.q}”` : "";
  return `${range}${params && countSuffix ? countSuffix(params) : ""}${q}`;
}

function ListPager<P extends ListParams, T, R>({
  query,
  total,
  pageSize,
  answer,
  shown,
}: DataListProps<P, T, R> & { answer: T; shown: number }) {
  if (!query || !pageSize) return null;
  const page = pageOf(query.params);
  const pageCount = total ? Math.max(1, Math.ceil(total(answer) / pageSize)) : undefined;
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      hasNext={pageCount ? page < pageCount : shown === pageSize}
      to={(target) => query.address({ page: target })}
    />
  );
}

function emptyView<P extends ListParams, T, R>(
  { query, empty, tabs, search }: DataListProps<P, T, R>,
  nouns: string,
): EmptyView {
  if (!query) return empty({} as P);
  if (pageOf(query.params) > 1) {
    return {
      title: `No more ${nouns}.`,
      action: { to: query.address({ page: 1 }), label: "Back to the first page" },
    };
  }
  // Narrowed beyond a tab: the tab's own empty view would not say why.
  if (narrowing(query, search).some((key) => key !== tabs?.param)) {
    const filters = query.filters.length > 1 ? "filters" : "filter";
    return {
      title: `No ${nouns} match.`,
      action: {
        to: query.home,
        label: search ? `Clear the search and ${filters}` : `Clear the ${filters}`,
      },
    };
  }
  return empty(query.params);
}
