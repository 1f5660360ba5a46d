// Creators: the creator programme's applications and terms (GET /api/admin/creators), 20 a page,
// by status and searched by name, email or code; the status, search and page live in the address.
// Each creator can be moved as CREATOR_STATUS_MOVES allows (approve, reject, suspend, approve
// again), each with an optional note mailed to them, and given their own commission rate and
// discount (POST /api/admin/creators/:id). Every change shows the creator the Worker answers with.
// The header links to the commissions held for review (screens/commission-review.tsx).
import { useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  type AdminCreatorDto,
  type AdminCreatorListResponse,
  CREATOR_STATUS_MOVES,
  CREATOR_STATUSES,
  CreatorListQuery,
  type CreatorStatus,
  CreatorUpdateSchema,
  MAX_CREATOR_NOTE_LENGTH,
} from "../../../worker/contracts/admin-creators";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopDay } from "../../../worker/contracts/shop-time";
import { Field, FormAlert, TextField } from "../../components/form-kit";
import { ApiError, failureMessage } from "../../lib/api-client";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { useLoad } from "../../lib/use-load";
import { fetchReviewedCommissions } from "../commissions/api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { isGateRefusal, reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { useReturnFocus } from "../lib/use-return-focus";
import { adminPaths } from "../paths";
import { typedDollars } from "../products/product-values";
import { fetchCreators, updateCreator } from "./api";
import "./creators.css";

const CREATOR_STATUS_LABELS: Record<CreatorStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  suspended: "Suspended",
  rejected: "Rejected",
};

/** The filters in the order the owner works through them; All is the default view. */
const FILTERS: { status: CreatorStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  ...(["pending", "approved", "suspended", "rejected"] as const).map((status) => ({
    status,
    label: CREATOR_STATUS_LABELS[status],
  })),
];

interface CreatorParams {
  status: CreatorStatus | undefined;
  q: string;
  page: number;
}

const isStatus = (value: string | null): value is CreatorStatus =>
  (CREATOR_STATUSES as readonly string[]).includes(value ?? "");

function readParams(search: URLSearchParams): CreatorParams {
  const status = search.get("status");
  const page = Number(search.get("page") ?? "1");
  return {
    status: isStatus(status) ? status : undefined,
    q: search.get("q")?.trim() ?? "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The list's address with some parameters changed; anything but the page starts at page 1. */
function creatorsAddress(current: CreatorParams, change: Partial<CreatorParams> = {}): string {
  const next: CreatorParams = { ...current, page: 1, ...change };
  const search = new URLSearchParams();
  if (next.status) search.set("status", next.status);
  if (next.q) search.set("q", next.q);
  if (next.page > 1) search.set("page", String(next.page));
  const text = search.toString();
  return text ? `${adminPaths.creators}?${text}` : adminPaths.creators;
}

export function CreatorsScreen() {
  useAdminTitle("Creators");
  const [search] = useSearchParams();
  const params = readParams(search);
  const list = useLoad(
    (signal) =>
      fetchCreators({ status: params.status, q: params.q || undefined, page: params.page }, signal),
    {
      key: creatorsAddress(params, { page: params.page }),
      keepWhileReloading: true,
      failure: { fallback: "The creators could not be loaded.", toast: false },
    },
  );

  const saved = (creator: AdminCreatorDto) => {
    if (list.status !== "loaded") return;
    list.replace({
      ...list.data,
      creators: list.data.creators.map((c) => (c._id === creator._id ? creator : c)),
    });
  };

  return (
    <div className="admin-screen creators">
      <PageHeader title="Creators" actions={<HeldForReviewLink />}>
        <p className="admin-muted">
          Applications to the creator programme, and each creator’s commission and discount. Only
          approved creators’ codes and links work.
        </p>
      </PageHeader>
      <div className="creators-toolbar">
        <nav className="admin-filters creators-filters" aria-label="Filter by status">
          {FILTERS.map(({ status, label }) => (
            <Link
              key={label}
              to={creatorsAddress(params, { status })}
              className="admin-filter"
              aria-current={params.status === status ? "true" : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
        {/* A new address (Back, a filter link) starts the field again from it. */}
        <CreatorSearch key={params.q} params={params} />
      </div>
      {list.status === "loading" ? (
        <Loading label="Loading creators…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <CreatorList
          answer={list.data}
          params={params}
          pending={list.pending}
          onSaved={saved}
          onStale={list.reload}
        />
      )}
    </div>
  );
}

/** To the commissions held as possible self-referral, with how many wait; without it if unknown. */
function HeldForReviewLink() {
  const held = useLoad((signal) => fetchReviewedCommissions({ review: "held" }, signal));
  const count = held.status === "loaded" ? held.data.total : 0;
  return (
    <Link to={adminPaths.commissionReview} className="button button-ghost">
      Held for review
      {count > 0 ? (
        <span className="admin-badge is-low">
          {count.toLocaleString("en-AU")}
          <span className="visually-hidden"> {count === 1 ? "commission" : "commissions"}</span>
        </span>
      ) : null}
    </Link>
  );
}

/** The search's body for GET /api/admin/creators, judged by the endpoint's own query schema. */
const SearchForm = formSchema((values) => ({ q: values.q ?? "" }), CreatorListQuery);

function CreatorSearch({ params }: { params: CreatorParams }) {
  const navigate = useNavigate();
  const form = useForm({ q: params.q }, SearchForm);
  const onSubmit = form.submit(async (query) => {
    navigate(creatorsAddress(params, { q: query.q ?? "" }));
  });
  const { error, ...binding } = form.field("q");
  return (
    <form
      ref={form.formRef}
      className="creators-search"
      aria-label="Search creators"
      noValidate
      onSubmit={onSubmit}
    >
      <Field label="Name, email or code" error={error} className="creators-search-field">
        {(aria) => (
          <input
            className="field-input"
            type="search"
            maxLength={100}
            autoComplete="off"
            {...aria}
            {...binding}
          />
        )}
      </Field>
      <button type="submit" className="button button-ghost">
        Search
      </button>
      {params.q ? (
        <Link to={creatorsAddress(params, { q: "" })} className="admin-back">
          Clear search
        </Link>
      ) : null}
    </form>
  );
}

interface CreatorListProps {
  answer: AdminCreatorListResponse;
  params: CreatorParams;
  pending: boolean;
  onSaved: (creator: AdminCreatorDto) => void;
  onStale: () => void;
}

function CreatorList({ answer, params, pending, onSaved, onStale }: CreatorListProps) {
  const { creators, total } = answer;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_CREATORS_PAGE_SIZE));
  if (creators.length === 0) return <NoCreators params={params} />;
  const first = (params.page - 1) * ADMIN_CREATORS_PAGE_SIZE + 1;
  return (
    <>
      <p className="admin-count" aria-live="polite">
        {total > creators.length
          ? `${first}–${first + creators.length - 1} of ${plural(total, "creator")}`
          : plural(total, "creator")}
        {params.status ? ` ${CREATOR_STATUS_LABELS[params.status].toLowerCase()}` : ""}
        {params.q ? ` matching “${params.q}”` : ""}
      </p>
      <ul className={pending ? "creators-list is-pending" : "creators-list"}>
        {creators.map((creator) => (
          <li key={creator._id}>
            <CreatorCard creator={creator} onSaved={onSaved} onStale={onStale} />
          </li>
        ))}
      </ul>
      <Pager
        page={params.page}
        pageCount={pageCount}
        hasNext={params.page < pageCount}
        to={(page) => creatorsAddress(params, { page })}
      />
    </>
  );
}

function NoCreators({ params }: { params: CreatorParams }) {
  if (params.q || params.page > 1) {
    return (
      <div className="admin-empty">
        <p>{params.page > 1 ? "No more creators." : "No creators match."}</p>
        <Link
          to={params.page > 1 ? creatorsAddress(params, { page: 1 }) : adminPaths.creators}
          className="button button-ghost"
        >
          {params.page > 1 ? "Back to the first page" : "Clear the search and filter"}
        </Link>
      </div>
    );
  }
  if (!params.status) {
    return (
      <div className="admin-empty">
        <p>No creators yet.</p>
        <span>Applications from the creator sign-up page appear here.</span>
      </div>
    );
  }
  return (
    <div className="admin-empty">
      <p>No {CREATOR_STATUS_LABELS[params.status].toLowerCase()} creators.</p>
      <Link to={creatorsAddress(params, { status: undefined })} className="button button-ghost">
        See all creators
      </Link>
    </div>
  );
}

function CreatorStatusPill({ status }: { status: CreatorStatus }) {
  return (
    <span className={`admin-pill creators-pill is-${status}`}>{CREATOR_STATUS_LABELS[status]}</span>
  );
}

/** "10%", "7.5%": the rate as the owner typed it. */
const formatPercent = (percent: number) =>
  `${percent.toLocaleString("en-AU", { maximumFractionDigits: 2 })}%`;

interface CreatorCardProps {
  creator: AdminCreatorDto;
  onSaved: (creator: AdminCreatorDto) => void;
  onStale: () => void;
}

function CreatorCard({ creator, onSaved, onStale }: CreatorCardProps) {
  const titleId = useId();
  const [move, setMove] = useState<CreatorStatus | null>(null);
  const moves = CREATOR_STATUS_MOVES[creator.status];
  return (
    <article className="creators-card" aria-labelledby={titleId}>
      <header className="creators-card-head">
        <div className="creators-card-who">
          <h2 id={titleId} className="creators-name">
            {creator.name || creator.email}
          </h2>
          <CreatorStatusPill status={creator.status} />
        </div>
        <p className="creators-card-contact">
          <a href={`mailto:${creator.email}`} className="creators-email">
            {creator.email}
          </a>
          <span className="creators-code" title="Affiliate code">
            <span className="visually-hidden">Code </span>
            {creator.affiliateCode}
          </span>
        </p>
      </header>

      <dl className="creators-facts">
        <div>
          <dt>Applied</dt>
          <dd>
            <time dateTime={creator.appliedAt}>{formatShopDay(creator.appliedAt)}</time>
          </dd>
        </div>
        {creator.status !== "pending" ? (
          <div>
            <dt>{CREATOR_STATUS_LABELS[creator.status]}</dt>
            <dd>
              <time dateTime={creator.statusChangedAt}>
                {formatShopDay(creator.statusChangedAt)}
              </time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Orders</dt>
          <dd>{creator.orders.toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Earned</dt>
          <dd>{formatDollars(creator.earned)}</dd>
        </div>
      </dl>

      <div className="creators-about">
        <div>
          <h3 className="creators-label">Bio</h3>
          {creator.bio ? (
            <p className="creators-text">{creator.bio}</p>
          ) : (
            <p className="admin-muted">Not given</p>
          )}
        </div>
        <div>
          <h3 className="creators-label">Socials</h3>
          {creator.socials ? (
            <p className="creators-text">{creator.socials}</p>
          ) : (
            <p className="admin-muted">Not given</p>
          )}
        </div>
        {creator.statusNote ? (
          <div className="creators-note">
            <h3 className="creators-label">Note with the last decision</h3>
            <p className="creators-text">{creator.statusNote}</p>
          </div>
        ) : null}
      </div>

      <CreatorTerms creator={creator} onSaved={onSaved} />

      {moves.length > 0 ? (
        <div className="creators-moves">
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              className={
                MOVE_COPY[to].danger
                  ? "button admin-button-small admin-button-danger-ghost"
                  : "button button-primary admin-button-small"
              }
              onClick={() => setMove(to)}
            >
              {moveLabel(creator.status, to)}
              <span className="visually-hidden"> {creator.name || creator.email}</span>
            </button>
          ))}
        </div>
      ) : null}
      {move ? (
        <MoveDialog
          creator={creator}
          to={move}
          onSaved={onSaved}
          onStale={onStale}
          onClose={() => setMove(null)}
        />
      ) : null}
    </article>
  );
}

/** A suspended creator is approved again; anyone else is approved for the first time. */
const moveLabel = (from: CreatorStatus, to: CreatorStatus): string =>
  to === "approved" ? (from === "suspended" ? "Re-approve" : "Approve") : MOVE_COPY[to].label;

const MOVE_COPY: Record<
  CreatorStatus,
  { label: string; danger: boolean; what: (code: string) => string; done: string }
> = {
  approved: {
    label: "Approve",
    danger: false,
    what: (code) =>
      `Their code ${code} and share link work from now on, and orders through them earn commission at their terms.`,
    done: "approved",
  },
  rejected: {
    label: "Reject",
    danger: true,
    what: (code) => `Their code ${code} and share link will not work.`,
    done: "rejected",
  },
  suspended: {
    label: "Suspend",
    danger: true,
    what: (code) =>
      `Their code ${code} and share link stop working at once: new orders earn nothing. Commissions already earned stay payable.`,
    done: "suspended",
  },
  pending: {
    label: "Mark pending",
    danger: false,
    what: (code) =>
      `They wait for a decision again; their code ${code} and share link do not work.`,
    done: "marked pending",
  },
};

interface MoveDialogProps {
  creator: AdminCreatorDto;
  to: CreatorStatus;
  onSaved: (creator: AdminCreatorDto) => void;
  onStale: () => void;
  onClose: () => void;
}

const MOVE_FAILED = "The creator’s status could not be changed.";

/** Render it only while it is open. */
function MoveDialog({ creator, to, onSaved, onStale, onClose }: MoveDialogProps) {
  useReturnFocus();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = creator.name || creator.email;
  const label = moveLabel(creator.status, to);
  const copy = MOVE_COPY[to];

  const confirm = async () => {
    if (busy) return;
    const parsed = v.safeParse(CreatorUpdateSchema, {
      status: to,
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) {
      setNoteError(parsed.issues[0]?.message);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const next = await updateCreator(creator._id, parsed.output);
      onSaved(next);
      toast.success(`${name} ${copy.done}`);
      onClose();
    } catch (error) {
      // Someone else moved them first: the list shows where they are now.
      if (error instanceof ApiError && error.status === 409) onStale();
      // The dialog sits above the toasts: it says the failure itself too.
      if (!isGateRefusal(error)) {
        setFailure(failureMessage(error, MOVE_FAILED, { sayNetworkError: true }));
      }
      reportAdminFailure(error, MOVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={`${label} ${name}?`}
      confirmLabel={label}
      danger={copy.danger}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{copy.what(creator.affiliateCode)}</p>
      <p className="admin-muted">We email them the decision, with your note if you add one.</p>
      <TextField
        label="Note to the creator"
        optional
        multiline
        rows={3}
        maxLength={MAX_CREATOR_NOTE_LENGTH}
        hint="Shown in the email and on their creator profile."
        name="note"
        value={note}
        error={noteError}
        onChange={(event) => {
          setNote(event.target.value);
          setNoteError(undefined);
        }}
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}

/** A rate as typed: "7.5" or "7.5%" is 7.5. Anything else is NaN, which the contract refuses. */
function typedPercent(text: string): number {
  const plain = text.trim().replace(/\s*%$/, "");
  return plain === "" ? Number.NaN : Number(plain);
}

/** The terms form's body for POST /api/admin/creators/:id, judged by the endpoint's schema. */
const TermsForm = formSchema(
  (values) => ({
    commissionRate: typedPercent(values.commissionRate ?? ""),
    discount: typedDollars(values.discount ?? ""),
  }),
  CreatorUpdateSchema,
);

/**
 * The contract checks the rate with its dollar rule (two decimals, not negative), so its words
 * say dollars; the screen says percent.
 */
const rateWords = (message: string | undefined) =>
  message
    ?.replace(/\bcommissionRate\b/g, "commission rate")
    .replace("a number of dollars", "a number")
    .replace(/\bdollars\b/g, "percent");

const termsValues = (creator: AdminCreatorDto) => ({
  commissionRate: String(creator.commissionRate),
  discount: creator.discount.toFixed(2),
});

function CreatorTerms({
  creator,
  onSaved,
}: {
  creator: AdminCreatorDto;
  onSaved: (creator: AdminCreatorDto) => void;
}) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const form = useForm(termsValues(creator), TermsForm);
  const name = creator.name || creator.email;

  const open = (next: boolean) => {
    form.reset(termsValues(creator));
    setEditing(next);
    requestAnimationFrame(() =>
      next ? form.focusField("commissionRate") : change.current?.focus(),
    );
  };

  const onSubmit = form.submit(async (input) => {
    try {
      const next = await updateCreator(creator._id, input);
      onSaved(next);
      toast.success(`${name}’s terms saved: they apply to orders from now on`);
      setEditing(false);
      requestAnimationFrame(() => change.current?.focus());
    } catch (error) {
      if (!form.showServerErrors(error)) {
        reportAdminFailure(error, "The creator’s terms could not be saved.");
      }
    }
  });

  const rate = form.field("commissionRate");
  return (
    <section className="creators-terms" aria-labelledby={titleId}>
      <h3 id={titleId} className="creators-label">
        Terms
      </h3>
      {editing ? (
        <form
          ref={form.formRef}
          className="form creators-terms-form"
          aria-label={`Terms for ${name}`}
          noValidate
          onSubmit={onSubmit}
        >
          <div className="creators-terms-fields">
            <TextField
              label="Commission rate (%)"
              inputMode="decimal"
              autoComplete="off"
              {...rate}
              error={rateWords(rate.error)}
              hint="Of each order through them, up to two decimals."
            />
            <TextField
              label="Discount"
              prefix="$"
              inputMode="decimal"
              autoComplete="off"
              {...form.field("discount")}
              hint="Off an order that uses their code or link."
            />
          </div>
          <p className="field-hint">New terms apply to orders from now on.</p>
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary admin-button-small"
              disabled={form.sending}
            >
              {form.sending ? "Saving…" : "Save terms"}
            </button>
            <button
              type="button"
              className="button button-ghost admin-button-small"
              disabled={form.sending}
              onClick={() => open(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="creators-terms-view">
          <dl className="creators-terms-list">
            <div>
              <dt>Commission</dt>
              <dd>{formatPercent(creator.commissionRate)}</dd>
            </div>
            <div>
              <dt>Discount</dt>
              <dd>{formatDollars(creator.discount)} off</dd>
            </div>
          </dl>
          <button
            ref={change}
            type="button"
            className="admin-link-button"
            onClick={() => open(true)}
          >
            Change terms<span className="visually-hidden"> for {name}</span>
          </button>
        </div>
      )}
    </section>
  );
}
