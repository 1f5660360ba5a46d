// The queue's controls: the status filters (links, so each view has an address), the search by
// order number, email or name with the date range (validated with the endpoint's own query
// schema), and the sort. On phones the filters scroll sideways and the fields stack.
import { Link, useNavigate } from "react-router-dom";
import {
  MAX_ORDER_SEARCH_LENGTH,
  ORDER_QUEUE_FILTERS,
  ORDER_SORTS,
  OrderListQuery,
  type OrderSort,
} from "../../../worker/contracts/admin-orders";
import { Field } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { QUEUE_FILTER_LABELS } from "./order-format";
import { DEFAULT_QUEUE, isFiltered, type QueueParams, queueAddress } from "./queue-params";

const SORT_LABELS: Record<OrderSort, string> = {
  oldest: "Oldest first",
  newest: "Newest first",
};

/** The search form's body for GET /api/admin/orders: empty dates are no dates. */
const SearchForm = formSchema(
  (values) => ({
    q: values.q ?? "",
    from: values.from || undefined,
    to: values.to || undefined,
  }),
  OrderListQuery,
);

export function QueueToolbar({ params }: { params: QueueParams }) {
  const navigate = useNavigate();
  return (
    <div className="order-queue-toolbar">
      <nav className="admin-filters order-filters" aria-label="Filter by status">
        {ORDER_QUEUE_FILTERS.map((status) => (
          <Link
            key={status}
            to={queueAddress(params, { status })}
            className="admin-filter"
            aria-current={params.status === status ? "true" : undefined}
          >
            {QUEUE_FILTER_LABELS[status]}
          </Link>
        ))}
      </nav>
      {/* A new address (Back, a filter link) starts the fields again from it. */}
      <QueueSearch key={`${params.q}|${params.from}|${params.to}`} params={params} />
      <div className="order-queue-sort">
        <div className="field is-inline">
          <label htmlFor="order-sort" className="field-label">
            Sort
          </label>
          <select
            id="order-sort"
            className="field-input field-select"
            value={params.sort}
            onChange={(event) =>
              navigate(queueAddress(params, { sort: event.target.value as OrderSort }))
            }
          >
            {ORDER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        {isFiltered(params) ? (
          <Link to={queueAddress(DEFAULT_QUEUE)} className="admin-back">
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function QueueSearch({ params }: { params: QueueParams }) {
  const navigate = useNavigate();
  const form = useForm({ q: params.q, from: params.from, to: params.to }, SearchForm);
  const onSubmit = form.submit(async (query) => {
    navigate(
      queueAddress(params, { q: query.q ?? "", from: query.from ?? "", to: query.to ?? "" }),
    );
  });
  const search = form.field("q");
  const { error: _error, ...searchBinding } = search;
  const dateField = (name: "from" | "to", label: string) => {
    const { error, ...binding } = form.field(name);
    return (
      <Field label={label} error={error} className={`order-date-field order-date-${name}`}>
        {(aria) => <input className="field-input" type="date" {...aria} {...binding} />}
      </Field>
    );
  };
  return (
    <form
      ref={form.formRef}
      className="order-queue-search"
      aria-label="Search orders"
      noValidate
      onSubmit={onSubmit}
    >
      <Field
        label="Order number, email or name"
        error={search.error}
        className="order-search-field"
      >
        {(aria) => (
          <input
            className="field-input"
            type="search"
            maxLength={MAX_ORDER_SEARCH_LENGTH}
            autoComplete="off"
            {...aria}
            {...searchBinding}
          />
        )}
      </Field>
      {dateField("from", "From")}
      {dateField("to", "To")}
      <button type="submit" className="button button-ghost order-search-button">
        Search
      </button>
    </form>
  );
}
