// Payouts (GET /api/admin/payouts): what the creators are owed now and a form to pay it as one
// batch at a minimum the owner may change: the Worker previews what it would pay (GET
// /api/admin/payouts/preview) and the owner confirms that total before POST /api/admin/payouts
// makes it. Then the batches, newest first, 20 a page; the page lives in the address. A new
// batch opens on its own page.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { formatDollars, formatWholeDollars } from "../../../worker/contracts/money";
import {
  type AdminPayoutDto,
  type AdminPayoutListResponse,
  PAYOUT_ADMIN_MESSAGES,
  PAYOUTS_PAGE_SIZE,
  PayoutCreateSchema,
  type PayoutDueDto,
  type WaitingCreatorDto,
} from "../../../worker/contracts/payouts";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { FormAlert, TextField } from "../../components/form-kit";
import { failureMessage } from "../../lib/api-client";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { isGateRefusal, reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { typedDollars } from "../products/product-values";
import { fetchPayouts, previewPayout } from "./api";
import { CreatePayoutDialog } from "./payout-dialogs";
import { PayoutStatusPill } from "./payout-format";
import "./payouts.css";

type PayoutSummary = AdminPayoutListResponse["payouts"][number];

const readPage = (search: URLSearchParams): number => {
  const page = Number(search.get("page") ?? "1");
  return Number.isInteger(page) && page > 1 ? page : 1;
};

const payoutsAddress = (page: number) =>
  page > 1 ? `${adminPaths.payouts}?page=${page}` : adminPaths.payouts;

export function PayoutsScreen() {
  useAdminTitle("Payouts");
  const [search] = useSearchParams();
  const page = readPage(search);
  const list = useLoad((signal, at: number) => fetchPayouts({ page: at }, signal), {
    key: page,
    keepWhileReloading: true,
    failure: { fallback: "The payouts could not be loaded.", toast: false },
  });
  return (
    <div className="admin-screen payouts">
      <PageHeader title="Payouts">
        <p className="admin-muted">
          Pay creators what their commissions owe once the hold has passed: make a payout, send its
          bank file and PayPal payments, then mark it paid.
        </p>
      </PageHeader>
      {list.status === "loading" ? (
        <Loading label="Loading payouts…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <>
          <NextPayout due={list.data.due} onStale={list.reload} />
          <PayoutList answer={list.data} page={page} pending={list.pending} />
        </>
      )}
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

const PREVIEW_FAILED = "What the payout would pay could not be worked out.";

/**
 * The minimum, then the question: Make payout asks the Worker what a batch at that minimum would
 * pay and confirms it (CreatePayoutDialog) before anything is made.
 */
function NextPayout({ due, onStale }: { due: PayoutDueDto; onStale: () => void }) {
  const navigate = useNavigate();
  const form = useForm({ minimum: due.minimum.toFixed(2) }, CreateForm);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<PayoutDueDto | null>(null);
  const created = ({
    payout,
    leftOut,
  }: {
    payout: AdminPayoutDto;
    leftOut: WaitingCreatorDto[];
  }) => {
    toast.success(
      `Payout made: ${plural(payout.lineCount, "creator")}, ${formatDollars(payout.total)}`,
    );
    if (leftOut.length > 0) {
      toast.info(
        `Left out: ${leftOut.map((w) => w.creatorName).join(", ")} (new payout details still waiting).`,
      );
    }
    navigate(adminPaths.payout(payout._id));
  };
  const onSubmit = form.submit(async (input) => {
    setFailure(null);
    try {
      const asked = await previewPayout(input.minimum ?? due.minimum);
      if (asked.creators > 0) {
        setPreview(asked);
        return;
      }
      // Nobody is owed that much (any more): the figures above are asked for again.
      const nobody = PAYOUT_ADMIN_MESSAGES.empty(formatDollars(asked.minimum));
      setFailure(nobody);
      toast.error(nobody);
      onStale();
    } catch (error) {
      if (form.showServerErrors(error)) return;
      // The toast goes; the reason stays beside the form.
      if (!isGateRefusal(error)) {
        setFailure(failureMessage(error, PREVIEW_FAILED, { sayNetworkError: true }));
      }
      reportAdminFailure(error, PREVIEW_FAILED);
    }
  });
  return (
    <section className="admin-card payouts-next" aria-labelledby="payouts-next-title">
      <h2 id="payouts-next-title" className="admin-card-title">
        Next payout
      </h2>
      <DueSummary due={due} />
      <form
        ref={form.formRef}
        className="payouts-create"
        aria-label="Make a payout"
        noValidate
        onSubmit={onSubmit}
      >
        <TextField
          label="Pay everyone owed at least"
          prefix="$"
          inputMode="decimal"
          autoComplete="off"
          className="payouts-minimum"
          {...form.field("minimum")}
        />
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? "Working out the payout…" : "Make payout"}
        </button>
      </form>
      <p className="field-hint">
        Only creators with payout details are in it. Its commissions are set aside until you mark it
        paid, or cancel it to put them back.
      </p>
      <FormAlert message={failure} />
      {preview ? (
        <CreatePayoutDialog
          preview={preview}
          onCreated={created}
          onStale={onStale}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </section>
  );
}

function PayoutList({
  answer,
  page,
  pending,
}: {
  answer: AdminPayoutListResponse;
  page: number;
  pending: boolean;
}) {
  const { payouts, total } = answer;
  const pageCount = Math.max(1, Math.ceil(total / PAYOUTS_PAGE_SIZE));
  if (payouts.length === 0) {
    return page > 1 ? (
      <div className="admin-empty">
        <p>No more payouts.</p>
        <Link to={adminPaths.payouts} className="button button-ghost">
          Back to the first page
        </Link>
      </div>
    ) : (
      <div className="admin-empty">
        <p>No payouts yet.</p>
        <span>Each payout you make appears here, newest first.</span>
      </div>
    );
  }
  const first = (page - 1) * PAYOUTS_PAGE_SIZE + 1;
  return (
    <section className="payouts-list" aria-labelledby="payouts-list-title">
      <h2 id="payouts-list-title" className="visually-hidden">
        Payouts made
      </h2>
      <p className="admin-count" aria-live="polite">
        {total > payouts.length
          ? `${first}–${first + payouts.length - 1} of ${plural(total, "payout")}`
          : plural(total, "payout")}
      </p>
      <table
        className={pending ? "admin-table payout-table is-pending" : "admin-table payout-table"}
      >
        <thead>
          <tr>
            <th scope="col">Made</th>
            <th scope="col">Status</th>
            <th scope="col">Creators</th>
            <th scope="col" className="is-number">
              Total
            </th>
            <th scope="col" className="is-number">
              Bank
            </th>
            <th scope="col" className="is-number">
              PayPal
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <PayoutRow key={payout._id} payout={payout} />
          ))}
        </tbody>
      </table>
      <Pager
        page={page}
        pageCount={pageCount}
        hasNext={page < pageCount}
        to={(target) => payoutsAddress(target)}
      />
    </section>
  );
}

function PayoutRow({ payout }: { payout: PayoutSummary }) {
  const made = formatShopMoment(payout.createdAt);
  return (
    <tr>
      <td className="payout-cell-made">
        <Link
          to={adminPaths.payout(payout._id)}
          className="payout-link"
          aria-label={`Payout of ${made}`}
        >
          <time dateTime={payout.createdAt}>{made}</time>
        </Link>
      </td>
      <td className="payout-cell-status">
        <PayoutStatusPill status={payout.status} />
      </td>
      <td className="payout-cell-lines" data-label="Creators">
        {payout.lineCount.toLocaleString("en-AU")}
      </td>
      <td className="payout-cell-total is-number" data-label="Total">
        <strong>{formatDollars(payout.total)}</strong>
      </td>
      <td className="payout-cell-bank is-number" data-label="Bank">
        {formatDollars(payout.bankTotal)}
      </td>
      <td className="payout-cell-paypal is-number" data-label="PayPal">
        {formatDollars(payout.paypalTotal)}
      </td>
    </tr>
  );
}
