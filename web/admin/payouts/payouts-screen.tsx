// Payouts (GET /api/admin/payouts), on the list kit: what the creators are owed now and a form to
// pay it as one batch at a minimum the owner may change: the Worker previews what it would pay
// (GET /api/admin/payouts/preview) and the owner confirms that total before POST
// /api/admin/payouts makes it. Then the batches, newest first, 20 a page. A new batch opens on its
// own page.
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { formatDollars, formatWholeDollars } from "../../../worker/contracts/money";
import {
  type AdminPayoutListResponse,
  PAYOUT_ADMIN_MESSAGES,
  PAYOUTS_PAGE_SIZE,
  PayoutCreateSchema,
  type PayoutDueDto,
  PayoutListQuery,
  type WaitingCreatorDto,
} from "../../../worker/contracts/payouts";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { DollarsField, FormAlert, SubmitButton } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { DataList, paged } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { useActionFailure } from "../lib/use-dialog-action";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { typedDollars } from "../products/product-values";
import { fetchPayouts, previewPayout } from "./api";
import { CreatePayoutDialog } from "./payout-dialogs";
import { PAYOUT_STATUS_WORDS } from "./payout-format";
import "./payouts.css";
import { Card } from "../components/card";

type PayoutSummary = AdminPayoutListResponse["payouts"][number];

const money = (pick: (payout: PayoutSummary) => number) => (payout: PayoutSummary) =>
  formatDollars(pick(payout));

const COLUMNS: Column<PayoutSummary>[] = [
  {
    header: "Made",
    className: "payout-cell-made",
    cell: (payout) => {
      const made = formatShopMoment(payout.createdAt);
      return (
        <Link
          to={adminPaths.payout(payout._id)}
          className="admin-row-title"
          aria-label={`Payout of ${made}`}
        >
          <time dateTime={payout.createdAt}>{made}</time>
        </Link>
      );
    },
  },
  {
    header: "Status",
    className: "payout-cell-status",
    cell: (payout) => <StatusPill status={payout.status} words={PAYOUT_STATUS_WORDS} />,
  },
  {
    header: "Creators",
    labelled: true,
    className: "payout-cell-lines",
    cell: (payout) => payout.lineCount.toLocaleString("en-AU"),
  },
  {
    header: "Total",
    labelled: true,
    numeric: true,
    className: "payout-cell-total",
    cell: (payout) => <strong>{formatDollars(payout.total)}</strong>,
  },
  {
    header: "Bank",
    labelled: true,
    numeric: true,
    className: "payout-cell-bank",
    cell: money((payout) => payout.bankTotal),
  },
  {
    header: "PayPal",
    labelled: true,
    numeric: true,
    className: "payout-cell-paypal",
    cell: money((payout) => payout.paypalTotal),
  },
];

export function PayoutsScreen() {
  useAdminTitle("Payouts");
  const { query, list } = useList(PayoutListQuery, fetchPayouts, {
    path: adminPaths.payouts,
    failed: "The payouts could not be loaded.",
  });
  return (
    <div className="admin-screen payouts">
      <PageHeader title="Payouts">
        <p className="admin-muted">
          Pay creators what their commissions owe once the hold has passed: make a payout, send its
          bank file and PayPal payments, then mark it paid.
        </p>
      </PageHeader>
      <DataList
        query={query}
        noun="payout"
        label="Payouts made"
        above={(answer) => <NextPayout due={answer.due} onStale={list.reload} />}
        {...paged(list, (answer) => answer.payouts, PAYOUTS_PAGE_SIZE)}
        columns={COLUMNS}
        rowKey={(payout) => payout._id}
        tableClass="payout-table"
        empty={() => ({
          title: "No payouts yet.",
          hint: "Each payout you make appears here, newest first.",
        })}
      />
    </div>
  );
}

/** "3 creators are owed $412.50 at the $50 minimum", and who cannot be paid yet. */
function DueSummary({ due }: { due: PayoutDueDto }) {
  const minimum = formatWholeDollars(due.minimum);
  const { creators, withoutDetails } = due;
  return (
    <div className="payouts-due" aria-live="polite">
      <p className="payouts-due-line">
        {creators > 0
          ? `${plural(creators, "creator")} ${creators === 1 ? "is" : "are"} owed ${formatDollars(due.amount)} at the ${minimum} minimum.`
          : `No creator with payout details is owed the ${minimum} minimum yet.`}
      </p>
      {withoutDetails > 0 ? (
        <p className="admin-muted">
          {withoutDetails.toLocaleString("en-AU")} more {withoutDetails === 1 ? "is" : "are"} owed
          that much but {withoutDetails === 1 ? "has" : "have"} not given payout details: they are
          paid in the first payout after they add them on their creator profile.
        </p>
      ) : null}
      <WaitingCreators waiting={due.waiting} />
    </div>
  );
}

/**
 * Creators owed the minimum whose payout details are new: a payout made now leaves them out until
 * their details have waited the cooling-off period (a guard against a stolen session).
 */
function WaitingCreators({ waiting }: { waiting: WaitingCreatorDto[] }) {
  if (waiting.length === 0) return null;
  return (
    <div className="payouts-waiting">
      <p className="admin-muted">
        Not in a payout made now: new payout details are paid only after their waiting period.
      </p>
      <ul className="payouts-waiting-list">
        {waiting.map((w) => (
          <li key={w.creatorId}>
            {w.creatorName} ({w.creatorEmail}), owed {formatDollars(w.amount)}: new details usable
            from {formatShopMoment(w.usableFrom)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's body for POST /api/admin/payouts, judged by the endpoint's own schema. */
const CreateForm = formSchema(
  (values) => ({ minimum: typedDollars(values.minimum ?? "") }),
  PayoutCreateSchema,
);

/**
 * The minimum, then the question: Make payout asks the Worker what a batch at that minimum would
 * pay and confirms it (CreatePayoutDialog) before anything is made.
 */
function NextPayout({ due, onStale }: { due: PayoutDueDto; onStale: () => void }) {
  const navigate = useNavigate();
  const form = useForm({ minimum: due.minimum.toFixed(2) }, CreateForm);
  // The toast goes; the reason stays beside the form.
  const preview = useActionFailure("What the payout would pay could not be worked out.");
  const [asked, setAsked] = useState<PayoutDueDto | null>(null);
  const onSubmit = form.submit(async (input) => {
    preview.clearFailure();
    try {
      const answer = await previewPayout(input.minimum ?? due.minimum);
      if (answer.creators > 0) {
        setAsked(answer);
        return;
      }
      // Nobody is owed that much (any more): the figures above are asked for again.
      await preview.fail(new Error(PAYOUT_ADMIN_MESSAGES.empty(formatDollars(answer.minimum))));
      onStale();
    } catch (error) {
      if (!form.showServerErrors(error)) await preview.fail(error);
    }
  });
  return (
    <Card title="Next payout" className="payouts-next">
      <DueSummary due={due} />
      <form
        ref={form.formRef}
        className="payouts-create"
        aria-label="Make a payout"
        noValidate
        onSubmit={onSubmit}
      >
        <DollarsField
          label="Pay everyone owed at least"
          className="payouts-minimum"
          {...form.field("minimum")}
        />
        <SubmitButton sending={form.sending} sendingLabel="Working out the payout…">
          Make payout
        </SubmitButton>
      </form>
      <p className="field-hint">
        Only creators with payout details are in it. Its commissions are set aside until you mark it
        paid, or cancel it to put them back.
      </p>
      <FormAlert message={preview.failure} />
      {asked ? (
        <CreatePayoutDialog
          preview={asked}
          onCreated={({ payout, leftOut }) => {
            toast.success(
              `Payout made: ${plural(payout.lineCount, "creator")}, ${formatDollars(payout.total)}`,
            );
            if (leftOut.length > 0) {
              toast.info(
                `Left out: ${leftOut.map((w) => w.creatorName).join(", ")} (new payout details still waiting).`,
              );
            }
            navigate(adminPaths.payout(payout._id));
          }}
          onStale={onStale}
          onClose={() => setAsked(null)}
        />
      ) : null}
    </Card>
  );
}
