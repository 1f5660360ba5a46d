// Commission review (GET /api/admin/commissions): commissions held as possible self-referral wait
// here for the owner, oldest first, 20 a page; released and rejected ones are a tab away. The tab
// and page live in the address. Each held one is released (it earns as any other) or rejected (it
// never does) with an optional note (POST /api/admin/commissions/:id/review); it then leaves the list.
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  COMMISSION_REVIEW_STATES,
  CommissionReviewSchema,
  type CommissionReviewState,
  MAX_CREATOR_NOTE_LENGTH,
  type ReviewedCommissionDto,
  type ReviewedCommissionListResponse,
} from "../../../worker/contracts/admin-creators";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopDay } from "../../../worker/contracts/shop-time";
import { FormAlert, TextField } from "../../components/form-kit";
import { ApiError, failureMessage } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { isGateRefusal, reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { useReturnFocus } from "../lib/use-return-focus";
import { adminPaths } from "../paths";
import { fetchReviewedCommissions, reviewCommission } from "./api";
import "./commission-review.css";

const REVIEW_LABELS: Record<CommissionReviewState, string> = {
  held: "Held",
  released: "Released",
  rejected: "Rejected",
};

interface ReviewParams {
  review: CommissionReviewState;
  page: number;
}

const isReview = (value: string | null): value is CommissionReviewState =>
  (COMMISSION_REVIEW_STATES as readonly string[]).includes(value ?? "");

function readParams(search: URLSearchParams): ReviewParams {
  const review = search.get("review");
  const page = Number(search.get("page") ?? "1");
  return {
    review: isReview(review) ? review : "held",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The view's address: held (the default) and page 1 say nothing. */
function reviewAddress({ review, page }: ReviewParams): string {
  const search = new URLSearchParams();
  if (review !== "held") search.set("review", review);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${adminPaths.commissionReview}?${text}` : adminPaths.commissionReview;
}

export function CommissionReviewScreen() {
  useAdminTitle("Commission review");
  const [search] = useSearchParams();
  const params = readParams(search);
  const list = useLoad((signal) => fetchReviewedCommissions(params, signal), {
    key: reviewAddress(params),
    keepWhileReloading: true,
    failure: { fallback: "The commissions could not be loaded.", toast: false },
  });

  const decided = (commission: ReviewedCommissionDto) => {
    if (list.status !== "loaded") return;
    const commissions = list.data.commissions.filter((c) => c._id !== commission._id);
    const total = Math.max(0, list.data.total - 1);
    // The page emptied but later ones have more: ask for what now falls on this one.
    if (commissions.length === 0 && total > 0) list.reload();
    else list.replace({ ...list.data, commissions, total });
  };

  return (
    <div className="admin-screen commission-review">
      <PageHeader
        eyebrow={
          <Link to={adminPaths.creators} className="admin-back">
            <span aria-hidden="true">← </span>Creators
          </Link>
        }
        title="Commission review"
      >
        <p className="admin-muted">
          A commission on an order that looks like the creator’s own purchase is held: it is never
          paid until you release it. Rejected, it never earns.
        </p>
      </PageHeader>
      <nav className="admin-filters" aria-label="Filter by decision">
        {COMMISSION_REVIEW_STATES.map((review) => (
          <Link
            key={review}
            to={reviewAddress({ review, page: 1 })}
            className="admin-filter"
            aria-current={params.review === review ? "true" : undefined}
          >
            {REVIEW_LABELS[review]}
          </Link>
        ))}
      </nav>
      {list.status === "loading" ? (
        <Loading label="Loading commissions…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <ReviewList
          answer={list.data}
          params={params}
          pending={list.pending}
          onDecided={decided}
          onStale={list.reload}
        />
      )}
    </div>
  );
}

interface ReviewListProps {
  answer: ReviewedCommissionListResponse;
  params: ReviewParams;
  pending: boolean;
  onDecided: (commission: ReviewedCommissionDto) => void;
  onStale: () => void;
}

type Decision = "release" | "reject";

function ReviewList({ answer, params, pending, onDecided, onStale }: ReviewListProps) {
  const { commissions, total } = answer;
  // At the list, not the row: the row goes once decided, while a refusal stays on screen.
  const [deciding, setDeciding] = useState<{
    commission: ReviewedCommissionDto;
    decision: Decision;
  } | null>(null);
  const held = params.review === "held";
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_CREATORS_PAGE_SIZE));
  const first = (params.page - 1) * ADMIN_CREATORS_PAGE_SIZE + 1;
  const dialog = deciding ? (
    <DecisionDialog
      commission={deciding.commission}
      decision={deciding.decision}
      onDecided={onDecided}
      onStale={onStale}
      onClose={() => setDeciding(null)}
    />
  ) : null;
  if (commissions.length === 0) {
    return (
      <>
        <NoCommissions params={params} />
        {dialog}
      </>
    );
  }
  return (
    <section className="review-list" aria-label={`${REVIEW_LABELS[params.review]} commissions`}>
      <p className="admin-count" aria-live="polite">
        {total > commissions.length
          ? `${first}–${first + commissions.length - 1} of ${plural(total, "commission")}`
          : plural(total, "commission")}{" "}
        {params.review}
      </p>
      <table
        className={pending ? "admin-table review-table is-pending" : "admin-table review-table"}
      >
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Creator</th>
            <th scope="col">Why it was held</th>
            <th scope="col" className="is-number">
              Commission
            </th>
            {held ? (
              <th scope="col">
                <span className="visually-hidden">Decision</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {commissions.map((commission) => (
            <ReviewRow
              key={commission._id}
              commission={commission}
              onDecide={held ? (decision) => setDeciding({ commission, decision }) : undefined}
            />
          ))}
        </tbody>
      </table>
      <Pager
        page={params.page}
        pageCount={pageCount}
        hasNext={params.page < pageCount}
        to={(page) => reviewAddress({ ...params, page })}
      />
      {dialog}
    </section>
  );
}

function NoCommissions({ params }: { params: ReviewParams }) {
  if (params.page > 1) {
    return (
      <div className="admin-empty">
        <p>No more commissions.</p>
        <Link to={reviewAddress({ ...params, page: 1 })} className="button button-ghost">
          Back to the first page
        </Link>
      </div>
    );
  }
  return params.review === "held" ? (
    <div className="admin-empty">
      <p>Nothing held for review.</p>
      <span>A commission that looks like a creator’s own purchase waits here for you.</span>
    </div>
  ) : (
    <div className="admin-empty">
      <p>No {params.review} commissions yet.</p>
    </div>
  );
}

function ReviewRow({
  commission,
  onDecide,
}: {
  commission: ReviewedCommissionDto;
  onDecide: ((decision: Decision) => void) | undefined;
}) {
  const order = `#${commission.orderNumber}`;
  return (
    <tr>
      <td className="review-cell-order">
        <Link to={adminPaths.order(commission.orderId)} className="review-order">
          <span className="visually-hidden">Order </span>
          {order}
        </Link>
        <span className="admin-muted review-paid">
          {commission.paidAt ? (
            <>
              Paid <time dateTime={commission.paidAt}>{formatShopDay(commission.paidAt)}</time>
            </>
          ) : (
            "Not paid"
          )}
        </span>
      </td>
      <td className="review-cell-creator">
        <span className="review-creator-name">
          {commission.creatorName || commission.creatorEmail}
        </span>
        <a href={`mailto:${commission.creatorEmail}`} className="review-break">
          {commission.creatorEmail}
        </a>
        <span className="review-code" title="Affiliate code">
          <span className="visually-hidden">Code </span>
          {commission.affiliateCode}
        </span>
      </td>
      <td className="review-cell-reason" data-label="Why it was held">
        {commission.reviewReason ? (
          <span className="review-reason">{commission.reviewReason}</span>
        ) : (
          <span className="admin-muted">No reason recorded</span>
        )}
      </td>
      <td className="review-cell-amount is-number" data-label="Commission">
        <strong>{formatDollars(commission.amount)}</strong>
        {commission.reversed > 0 ? (
          <span className="review-reversed">
            {formatDollars(commission.reversed)} reversed by refunds
          </span>
        ) : null}
      </td>
      {onDecide ? (
        <td className="review-cell-actions">
          <button
            type="button"
            className="button button-primary admin-button-small"
            onClick={() => onDecide("release")}
          >
            Release<span className="visually-hidden"> the commission on order {order}</span>
          </button>
          <button
            type="button"
            className="button admin-button-small admin-button-danger-ghost"
            onClick={() => onDecide("reject")}
          >
            Reject<span className="visually-hidden"> the commission on order {order}</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
}

const DECISION_COPY: Record<
  Decision,
  { label: string; danger: boolean; what: (who: string, amount: string) => string; done: string }
> = {
  release: {
    label: "Release",
    danger: false,
    what: (who, amount) =>
      `${who} earns this ${amount} as any other commission: it is paid in a payout once its hold has passed.`,
    done: "released",
  },
  reject: {
    label: "Reject",
    danger: true,
    what: (who, amount) => `${who} is never paid this ${amount}.`,
    done: "rejected",
  },
};

const DECISION_FAILED = "The decision could not be saved.";

interface DecisionDialogProps {
  commission: ReviewedCommissionDto;
  decision: Decision;
  onDecided: (commission: ReviewedCommissionDto) => void;
  onStale: () => void;
  onClose: () => void;
}

/** Render it only while it is open. */
function DecisionDialog({
  commission,
  decision,
  onDecided,
  onStale,
  onClose,
}: DecisionDialogProps) {
  useReturnFocus();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Someone decided first: the list is asked again once the owner has read why.
  const [stale, setStale] = useState(false);
  const copy = DECISION_COPY[decision];
  const order = `#${commission.orderNumber}`;
  const who = commission.creatorName || commission.creatorEmail;

  const close = () => {
    if (stale) onStale();
    onClose();
  };

  const confirm = async () => {
    if (busy) return;
    const parsed = v.safeParse(CommissionReviewSchema, { decision, note });
    if (!parsed.success) {
      setNoteError(parsed.issues[0]?.message);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await reviewCommission(commission._id, parsed.output);
      onDecided(answer);
      toast.success(`Commission on order ${order} ${copy.done}`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setStale(true);
      // The dialog sits above the toasts: it says the failure itself too.
      if (!isGateRefusal(error)) {
        setFailure(failureMessage(error, DECISION_FAILED, { sayNetworkError: true }));
      }
      reportAdminFailure(error, DECISION_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={`${copy.label} the commission on order ${order}?`}
      confirmLabel={copy.label}
      cancelLabel={stale ? "Close" : "Cancel"}
      danger={copy.danger}
      busy={busy}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>{copy.what(who, formatDollars(commission.amount))}</p>
      <p className="admin-muted">Held because: {commission.reviewReason || "no reason recorded"}</p>
      <TextField
        label="Note"
        optional
        multiline
        rows={3}
        maxLength={MAX_CREATOR_NOTE_LENGTH}
        hint="Kept in the activity log with your decision; the creator is not told."
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
