// One promotion: what it did (paid orders, uses held by open checkouts, revenue, discount given),
// the orders that used it, pause / resume / end, its single-use codes (generate a batch, download
// them as CSV), and its whole definition to edit. A new promotion is the form alone.
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { formatCents } from "../../../worker/contracts/money";
import {
  CodeBatchSchema,
  MAX_CODE_BATCH,
  type PromotionDetailResponse,
  type PromotionDto,
  type PromotionOrderDto,
  type PromotionStatus,
} from "../../../worker/contracts/promotions";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { FormActions, TextField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { ActionButton } from "../components/action-button";
import { Card } from "../components/card";
import { ConfirmDialog } from "../components/confirm-dialog";
import type { Column } from "../components/data-table";
import { DataTable } from "../components/data-table";
import { BackLink, PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { RecordScreen, useRecord } from "../components/record-screen";
import { reportAdminFailure } from "../lib/admin-api";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import {
  createPromotion,
  downloadCodes,
  fetchPromotion,
  generateCodes,
  savePromotion,
} from "./api";
import { PromotionForm } from "./promotion-form";
import { withStatus } from "./promotion-values";
import { codeWords, discountLine, PROMOTION_STATE_WORDS, usesWords } from "./promotion-words";
import "./promotions.css";

const BackToPromotions = () => <BackLink to={adminPaths.promotions}>Promotions</BackLink>;

export function NewPromotionScreen() {
  useAdminTitle("New promotion");
  const navigate = useNavigate();
  return (
    <div className="admin-screen">
      <PageHeader eyebrow={<BackToPromotions />} title="New promotion" />
      <PromotionForm
        saveLabel="Create promotion"
        onSave={async (input) => {
          const { promotion, message } = await createPromotion(input);
          toast.success(message || "Promotion created");
          navigate(adminPaths.promotion(promotion.id), { replace: true });
        }}
      />
    </div>
  );
}

export function PromotionScreen() {
  const record = useRecord("promotionId", fetchPromotion, "The promotion could not be loaded.");
  return (
    <RecordScreen
      record={record}
      loadingLabel="Loading the promotion…"
      back={<BackToPromotions />}
      title="Promotion"
      titleOf={(answer) => answer.promotion.name}
      missing={{
        title: "No such promotion",
        text: (
          <>
            There is no promotion at this address.{" "}
            <Link to={adminPaths.promotions}>See all promotions</Link>.
          </>
        ),
      }}
    >
      {(answer) => <PromotionPage key={record.id} answer={answer} reload={record.reload} />}
    </RecordScreen>
  );
}

const ORDER_COLUMNS: Column<PromotionOrderDto>[] = [
  {
    header: "Order",
    cell: (order) => (
      <Link to={adminPaths.order(order.orderId)} className="admin-row-title">
        #{order.orderId.slice(-8)}
      </Link>
    ),
  },
  {
    header: "Date",
    labelled: true,
    cell: (order) => <time dateTime={order.date}>{formatShopMoment(order.date)}</time>,
  },
  { header: "Customer", labelled: true, cell: (order) => order.customer },
  { header: "Code", labelled: true, cell: (order) => order.code ?? "Automatic" },
  {
    header: "Total",
    numeric: true,
    labelled: true,
    cell: (order) => formatCents(order.totalCents),
  },
  {
    header: "Discount",
    numeric: true,
    labelled: true,
    cell: (order) => formatCents(order.discountCents),
  },
];

function PromotionPage({
  answer,
  reload,
}: {
  answer: PromotionDetailResponse;
  reload: () => void;
}) {
  const [promotion, setPromotion] = useState(answer.promotion);
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState(false);

  const setStatus = async (status: PromotionStatus, done: string) => {
    setBusy(true);
    try {
      const saved = await savePromotion(promotion.id, withStatus(promotion, status));
      setPromotion(saved.promotion);
      toast.success(saved.message || done);
      setEnding(false);
    } catch (error) {
      reportAdminFailure(error, "The promotion could not be changed.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-screen promotion-page">
      <PageHeader
        eyebrow={<BackToPromotions />}
        title={promotion.name}
        actions={
          <>
            {promotion.status === "active" ? (
              <button
                type="button"
                className="button button-ghost"
                disabled={busy}
                onClick={() => void setStatus("paused", "Paused")}
              >
                Pause
              </button>
            ) : null}
            {promotion.status === "paused" ? (
              <button
                type="button"
                className="button button-ghost"
                disabled={busy}
                onClick={() => void setStatus("active", "Resumed")}
              >
                Resume
              </button>
            ) : null}
            {promotion.status !== "ended" ? (
              <button
                type="button"
                className="button admin-button-danger-ghost"
                disabled={busy}
                onClick={() => setEnding(true)}
              >
                End
              </button>
            ) : null}
          </>
        }
      >
        <p className="admin-page-meta">
          <StatusPill status={promotion.state} words={PROMOTION_STATE_WORDS} />
          <span>{codeWords(promotion)}</span>
          <span>{discountLine(promotion)}</span>
          <span>Uses {usesWords(promotion)}</span>
        </p>
      </PageHeader>
      <PromotionFigures promotion={promotion} />
      <Card title="Orders that used it">
        {answer.orders.length === 0 ? (
          <p className="admin-muted">No paid orders have used it yet.</p>
        ) : (
          <DataTable
            rows={answer.orders}
            columns={ORDER_COLUMNS}
            rowKey={(order) => order.orderId}
            className="promotion-orders"
          />
        )}
      </Card>
      {promotion.automatic ? null : <PromotionCodes promotion={promotion} onCreated={reload} />}
      <PromotionForm
        key={promotion.updatedAt}
        promotion={promotion}
        saveLabel="Save changes"
        onSave={async (input) => {
          const saved = await savePromotion(promotion.id, input);
          setPromotion(saved.promotion);
          toast.success(saved.message || "Saved");
        }}
      />
      {ending ? (
        <ConfirmDialog
          title={`End “${promotion.name}”?`}
          confirmLabel="End promotion"
          danger
          busy={busy}
          onConfirm={() => void setStatus("ended", "Ended")}
          onCancel={() => setEnding(false)}
        >
          <p>
            No checkout can use it from now on. Orders that used it keep their discount, and its
            figures stay here.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function PromotionFigures({ promotion }: { promotion: PromotionDto }) {
  const { stats } = promotion;
  return (
    <Card title="What it did">
      <Facts
        className="admin-figures"
        facts={[
          { term: "Orders", value: stats.orders.toLocaleString("en-AU"), className: "is-strong" },
          { term: "Held by open checkouts", value: stats.held.toLocaleString("en-AU") },
          { term: "Revenue", value: formatCents(stats.revenueCents) },
          { term: "Discount given", value: formatCents(stats.discountCents) },
        ]}
      />
    </Card>
  );
}

const CodeBatchForm = formSchema(
  (values) => ({
    count: values.count?.trim() ? Number(values.count) : Number.NaN,
    prefix: values.prefix,
  }),
  CodeBatchSchema,
);

function PromotionCodes({
  promotion,
  onCreated,
}: {
  promotion: PromotionDto;
  onCreated: () => void;
}) {
  const form = useForm({ count: "", prefix: "" }, CodeBatchForm);
  const onSubmit = form.submit(async (batch) => {
    try {
      const answer = await generateCodes(promotion.id, batch);
      toast.success(answer.message || `${answer.created} codes generated`);
      form.reset({ count: "", prefix: "" });
      onCreated();
    } catch (error) {
      if (!form.showServerErrors(error)) reportAdminFailure(error, "The codes could not be made.");
    }
  });
  return (
    <Card
      title="Single-use codes"
      aside={
        <ActionButton
          run={() => downloadCodes(promotion.id)}
          failed="The codes could not be downloaded."
          busyLabel="Downloading..."
        >
          Download codes (CSV)
        </ActionButton>
      }
    >
      <p className="admin-muted">
        Each works once, for one order; unguessable and case-insensitive. The CSV lists every code
        with whether it was used and by which order.
      </p>
      <form
        ref={form.formRef}
        className="promotion-codes-form"
        aria-label="Generate codes"
        noValidate
        onSubmit={onSubmit}
      >
        <div className="field-row">
          <TextField
            label="How many"
            inputMode="numeric"
            autoComplete="off"
            {...form.field("count")}
            hint={`Up to ${MAX_CODE_BATCH.toLocaleString("en-AU")} at once.`}
          />
          <TextField
            label="Prefix"
            optional
            autoComplete="off"
            maxLength={8}
            {...form.field("prefix")}
            hint="Up to 8 letters or digits, such as XMAS."
          />
        </div>
        <FormActions sending={form.sending} sendingLabel="Generating...">
          Generate codes
        </FormActions>
      </form>
    </Card>
  );
}
