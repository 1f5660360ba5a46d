// A product's stock: on hand, held by checkouts in progress, and left to sell; set the count after
// a stocktake, or add and remove with a reason (restock, breakage), or stop tracking it. Every
// change is in the stock ledger and the audit log (POST /api/admin/products/:id/stock).
import { type ReactNode, useState } from "react";
import { toast } from "react-toastify";
import type * as v from "valibot";
import { MAX_STOCK, StockChangeSchema, type StockDto } from "../../../worker/contracts/stock";
import { Facts } from "../../components/facts";
import { SubmitButton, TextField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm, type Values } from "../../lib/use-form";
import { Card } from "../components/card";
import { ConfirmDialog } from "../components/confirm-dialog";
import { reportAdminFailure } from "../lib/admin-api";
import { changeProductStock } from "./api";
import { typedCount } from "./product-values";
import { StockBadge, stockLevel } from "./stock-summary";

const [SetSchema, AdjustSchema] = StockChangeSchema.options;

/** The set form: the count on the shelf now. */
const SetForm = formSchema((values) => ({ onHand: typedCount(values.onHand ?? "") }), SetSchema);

/** The adjust form: "+12" or "-2" units, and why. */
const AdjustForm = formSchema(
  (values) => ({
    delta: typedCount((values.delta ?? "").trim().replace(/^\+/, "")),
    reason: values.reason ?? "",
  }),
  AdjustSchema,
);

const STOCK_FAILED = "The stock could not be changed.";

interface ProductStockProps {
  productId: string;
  stock: StockDto;
  lowStockThreshold: number;
  onStock: (stock: StockDto) => void;
}

export function ProductStock({ productId, stock, lowStockThreshold, onStock }: ProductStockProps) {
  const tracked = stock.onHand !== null;
  const [stopping, setStopping] = useState(false);
  const [busy, setBusy] = useState(false);

  const apply = async (change: v.InferOutput<typeof StockChangeSchema>, done: string) => {
    const next = await changeProductStock(productId, change);
    onStock(next);
    toast.success(done);
  };

  const stopTracking = async () => {
    setBusy(true);
    try {
      await apply({ onHand: null }, "Stock is no longer tracked");
      setStopping(false);
    } catch (error) {
      reportAdminFailure(error, STOCK_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Stock"
      className="product-stock"
      id="stock"
      aside={<StockBadge level={stockLevel(stock, lowStockThreshold)} />}
    >
      {tracked ? (
        <Facts
          className="stock-figures"
          facts={[
            { term: "On hand", value: stock.onHand },
            { term: "In checkouts", value: stock.reserved },
            { term: "Available", value: stock.available },
          ]}
        />
      ) : (
        <p className="admin-muted">
          Not tracked: shoppers can always buy it. Set a count to start tracking.
        </p>
      )}
      <SetCount tracked={tracked} apply={apply} />
      {tracked ? <Adjust apply={apply} /> : null}
      {tracked ? (
        <button
          type="button"
          className="admin-link-button"
          onClick={() => setStopping(true)}
          disabled={busy}
        >
          Stop tracking stock
        </button>
      ) : null}
      {stopping ? (
        <ConfirmDialog
          title="Stop tracking stock?"
          confirmLabel="Stop tracking"
          busy={busy}
          onConfirm={stopTracking}
          onCancel={() => setStopping(false)}
        >
          <p>Shoppers will be able to buy any quantity; the count is forgotten.</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

type Change = v.InferOutput<typeof StockChangeSchema>;
type Apply = (change: Change, done: string) => Promise<void>;

function SetCount({ tracked, apply }: { tracked: boolean; apply: Apply }) {
  const form = useForm({ onHand: "" }, SetForm);
  return (
    <StockForm
      form={form}
      apply={apply}
      done={(change) => `On hand set to ${change.onHand}`}
      label="Set the count"
      submit={tracked ? "Set count" : "Start tracking"}
      sendingLabel="Setting…"
    >
      <TextField
        label={tracked ? "Set on hand to" : "Units on hand"}
        inputMode="numeric"
        autoComplete="off"
        {...form.field("onHand")}
        hint="After a stocktake: the number on the shelf."
      />
    </StockForm>
  );
}

function Adjust({ apply }: { apply: Apply }) {
  const form = useForm({ delta: "", reason: "" }, AdjustForm);
  return (
    <StockForm
      form={form}
      apply={apply}
      done={(change) =>
        change.delta > 0
          ? `${Math.abs(change.delta)} added to stock`
          : `${Math.abs(change.delta)} taken out of stock`
      }
      label="Adjust stock"
      submit="Adjust stock"
      sendingLabel="Adjusting…"
    >
      <div className="field-row">
        <TextField
          label="Add or remove"
          inputMode="numeric"
          autoComplete="off"
          {...form.field("delta")}
          hint={`Units: 12 to add, -2 to remove (up to ${MAX_STOCK.toLocaleString("en-AU")}).`}
        />
        <TextField
          label="Reason"
          autoComplete="off"
          maxLength={200}
          {...form.field("reason")}
          hint="Such as “Delivery from Moradabad” or “Broken in the shop”."
        />
      </div>
    </StockForm>
  );
}

/**
 * A stock form: sends its change, toasts `done`, then clears; the server's field errors show on
 * the fields.
 */
function StockForm<F extends string, T extends Change>(props: {
  form: ReturnType<typeof useForm<F, T>>;
  apply: Apply;
  done: (change: T) => string;
  label: string;
  submit: string;
  sendingLabel: string;
  children: ReactNode;
}) {
  const { form } = props;
  const onSubmit = form.submit(async (change, values) => {
    try {
      await props.apply(change, props.done(change));
      form.reset(Object.fromEntries(Object.keys(values).map((f) => [f, ""])) as Values<F>);
    } catch (error) {
      if (!form.showServerErrors(error)) reportAdminFailure(error, STOCK_FAILED);
    }
  });
  return (
    <form
      ref={form.formRef}
      className="stock-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={props.label}
    >
      {props.children}
      <SubmitButton ghost sending={form.sending} sendingLabel={props.sendingLabel}>
        {props.submit}
      </SubmitButton>
    </form>
  );
}
