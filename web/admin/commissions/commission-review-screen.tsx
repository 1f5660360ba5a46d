// Commission review (GET /api/admin/commissions), on the list kit: commissions held as possible
// self-referral wait here for the owner, oldest first, 20 a page; released and rejected ones are a
// tab away. Each held one is released (it earns as any other) or rejected (it never does) with an
// optional note (POST /api/admin/commissions/:id/review); it then leaves the list.
import { useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  CommissionReviewSchema,
  type CommissionReviewState,
  MAX_CREATOR_NOTE_LENGTH,
  type ReviewedCommissionDto,
  ReviewedCommissionQuery,
} from "../../../worker/contracts/admin-creators";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopDay } from "../../../worker/contracts/shop-time";
import { formSchema } from "../../lib/form-schema";
import { DataList, paged, statusTabs } from "../components/data-list";
import type { Column } from "../components/data-table";
import { DecisionButton, NoteDialog } from "../components/note-dialog";
import { BackLink, PageHeader } from "../components/page-header";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchReviewedCommissions, reviewCommission } from "./api";
import "./commission-review.css";

const REVIEW_LABELS: Record<CommissionReviewState, string> = {
  held: "Held",
  released: "Released",
  rejected: "Rejected",
};

type Decision = "release" | "reject";

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

const orderOf = (commission: ReviewedCommissionDto) => `#${commission.orderNumber}`;
const whoOf = (commission: ReviewedCommissionDto) =>
  commission.creatorName || commission.creatorEmail;

function reviewColumns(
  decide: ((commission: ReviewedCommissionDto, decision: Decision) => void) | null,
): Column<ReviewedCommissionDto>[] {
  const columns: Column<ReviewedCommissionDto>[] = [
    {
      header: "Order",
      className: "review-cell-order",
      cell: (commission) => (
        <>
          <Link to={adminPaths.order(commission.orderId)} className="admin-row-title">
            <span className="visually-hidden">Order </span>
            {orderOf(commission)}
          </Link>
          <span className="admin-muted">
            {commission.paidAt ? (
              <>
                Paid <time dateTime={commission.paidAt}>{formatShopDay(commission.paidAt)}</time>
              </>
            ) : (
              "Not paid"
            )}
          </span>
        </>
      ),
    },
    {
      header: "Creator",
      className: "review-cell-creator",
      cell: (commission) => (
        <>
          <span className="review-creator-name">{whoOf(commission)}</span>
          <a href={`mailto:${commission.creatorEmail}`} className="admin-break">
            {commission.creatorEmail}
          </a>
          <span className="admin-code" title="Affiliate code">
            <span className="visually-hidden">Code </span>
            {commission.affiliateCode}
          </span>
        </>
      ),
    },
    {
      header: "Why it was held",
      labelled: true,
      className: "review-cell-reason",
      cell: (commission) =>
        commission.reviewReason ? (
          <span className="review-reason">{commission.reviewReason}</span>
        ) : (
          <span className="admin-muted">No reason recorded</span>
        ),
    },
    {
      header: "Commission",
      labelled: true,
      numeric: true,
      className: "review-cell-amount",
      cell: (commission) => (
        <>
          <strong>{formatDollars(commission.amount)}</strong>
          {commission.reversed > 0 ? (
            <span className="review-reversed">
              {formatDollars(commission.reversed)} reversed by refunds
            </span>
          ) : null}
        </>
      ),
    },
  ];
  if (!decide) return columns;
  return [
    ...columns,
    {
      header: "Decision",
      hideHeader: true,
      className: "review-cell-actions",
      cell: (commission) =>
        (["release", "reject"] as const).map((decision) => (
          <DecisionButton
            key={decision}
            label={DECISION_COPY[decision].label}
            about={`the commission on order ${orderOf(commission)}`}
            danger={DECISION_COPY[decision].danger}
            onClick={() => decide(commission, decision)}
          />
        )),
    },
  ];
}

export function CommissionReviewScreen() {
  useAdminTitle("Commission review");
  const { query, list } = useList(ReviewedCommissionQuery, fetchReviewedCommissions, {
    path: adminPaths.commissionReview,
    failed: "The commissions could not be loaded.",
  });
  // At the screen, not the row: the row goes once decided, while a refusal stays on screen.
  const [deciding, setDeciding] = useState<{
    commission: ReviewedCommissionDto;
    decision: Decision;
  } | null>(null);
  // Someone decided first: the list is asked again once the owner has read why.
  const [stale, setStale] = useState(false);
  const { review } = query.params;

  const decided = (commission: ReviewedCommissionDto) => {
    if (list.status !== "loaded") return;
    const commissions = list.data.commissions.filter((c) => c._id !== commission._id);
    const total = Math.max(0, list.data.total - 1);
    // The page emptied but later ones have more: ask for what now falls on this one.
    if (commissions.length === 0 && total > 0) list.reload();
    else list.replace({ ...list.data, commissions, total });
  };
  const close = () => {
    if (stale) list.reload();
    setStale(false);
    setDeciding(null);
  };

  return (
    <div className="admin-screen commission-review">
      <PageHeader
        eyebrow={<BackLink to={adminPaths.creators}>Creators</BackLink>}
        title="Commission review"
      >
        <p className="admin-muted">
          A commission on an order that looks like the creator’s own purchase is held: it is never
          paid until you release it. Rejected, it never earns.
        </p>
      </PageHeader>
      <DataList
        query={query}
        noun="commission"
        label={`${REVIEW_LABELS[review]} commissions`}
        tabs={statusTabs(REVIEW_LABELS, {
          param: "review",
          label: "Filter by decision",
          all: false,
        })}
        {...paged(list, (answer) => answer.commissions, ADMIN_CREATORS_PAGE_SIZE)}
        countSuffix={(params) => ` ${params.review}`}
        columns={reviewColumns(
          review === "held"
            ? (commission, decision) => setDeciding({ commission, decision })
            : null,
        )}
        rowKey={(commission) => commission._id}
        tableClass="review-table"
        empty={(params) =>
          params.review === "held"
            ? {
                title: "Nothing held for review.",
                hint: "A commission that looks like a creator’s own purchase waits here for you.",
              }
            : { title: `No ${params.review} commissions yet.` }
        }
      />
      {deciding ? (
        <DecisionDialog
          {...deciding}
          onDecided={decided}
          onConflict={() => setStale(true)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** Render it only while it is open. */
function DecisionDialog({
  commission,
  decision,
  onDecided,
  onConflict,
  onClose,
}: {
  commission: ReviewedCommissionDto;
  decision: Decision;
  onDecided: (commission: ReviewedCommissionDto) => void;
  onConflict: () => void;
  onClose: () => void;
}) {
  const copy = DECISION_COPY[decision];
  const order = orderOf(commission);
  return (
    <NoteDialog
      title={`${copy.label} the commission on order ${order}?`}
      confirmLabel={copy.label}
      danger={copy.danger}
      schema={formSchema(
        (values) => ({ decision, note: values.note ?? "" }),
        CommissionReviewSchema,
      )}
      note={{
        label: "Note",
        hint: "Kept in the activity log with your decision; the creator is not told.",
        maxLength: MAX_CREATOR_NOTE_LENGTH,
      }}
      failed="The decision could not be saved."
      onConflict={onConflict}
      send={async (input) => {
        onDecided(await reviewCommission(commission._id, input));
        toast.success(`Commission on order ${order} ${copy.done}`);
        onClose();
      }}
      onClose={onClose}
    >
      <p>{copy.what(whoOf(commission), formatDollars(commission.amount))}</p>
      <p className="admin-muted">Held because: {commission.reviewReason || "no reason recorded"}</p>
    </NoteDialog>
  );
}
