// Refunding an order (POST /api/admin/orders/:id/refund): which units the refund is for and
// whether they go back in stock, the amount (offered from the contract's refundSuggestionCents, or
// the rest), a reason and "Notify customer". It opens with nothing chosen and cannot be sent until
// the owner has picked units or typed an amount: the button then says what it refunds. Each opening
// of the dialog is one request key, sent with every submit of it, so a double click or a retry
// after a lost answer is one refund; only a refusal that leaves nothing under way (isKeySpent) lets
// the next submit be a new refund.
import type { ChangeEvent } from "react";
import { toast } from "react-toastify";
import {
  type AdminOrderDto,
  MAX_REASON_LENGTH,
  ORDER_ADMIN_MESSAGES,
  type RefundDto,
  RefundSchema,
  refundSuggestionCents,
} from "../../../worker/contracts/admin-orders";
import { centsToDollars, dollarsToCents, formatDollars } from "../../../worker/contracts/money";
import {
  CheckboxField,
  DollarsField,
  Field,
  FormAlert,
  TextField,
} from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import type { Errors } from "../../lib/use-form";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Thumb } from "../components/thumb";
import { useDialogForm } from "../lib/use-dialog-action";
import { typedDollars } from "../products/product-values";
import { refundOrder } from "./api";
import { amountText, type OrderDialogProps, useRequestKey } from "./order-format";

/** 0, 1, … up to the units a line sold. */
const unitChoices = (quantity: number) => Array.from({ length: quantity + 1 }, (_, n) => n);

const lineField = (productId: string) => `line-${productId}`;

/** The chosen units of each line, from the form's values. */
const chosenLines = (order: AdminOrderDto, values: Record<string, string>) =>
  order.items.flatMap((line) => {
    const quantity = Number(values[lineField(line.productId)] ?? "0");
    return quantity > 0 ? [{ line, quantity }] : [];
  });

/** What the chosen units are worth with their GST and share of the discount; none: nothing. */
function suggestedAmount(order: AdminOrderDto, values: Record<string, string>): number | null {
  const chosen = chosenLines(order, values);
  if (chosen.length === 0) return null;
  const cents = refundSuggestionCents(
    {
      subtotalCents: dollarsToCents(order.subtotal),
      taxCents: dollarsToCents(order.tax),
      discountCents: dollarsToCents(order.discount),
    },
    chosen.map(({ line, quantity }) => ({
      unitPriceCents: dollarsToCents(line.unitPrice),
      quantity,
    })),
    dollarsToCents(order.refundable),
  );
  return centsToDollars(cents);
}

function refundToast(refund: RefundDto, notified: boolean) {
  const amount = formatDollars(refund.amount);
  if (refund.status === "failed") {
    toast.error(ORDER_ADMIN_MESSAGES.refundFailed(refund.error ?? "unknown reason"));
  } else if (refund.status === "pending") {
    toast.info(`The refund of ${amount} is on its way through Stripe.`);
  } else {
    toast.success(`Refunded ${amount}${notified ? "; the customer was emailed" : ""}`);
  }
}

/** Render it only while it is open: each opening is a new request key. */
export function RefundDialog({ order, onOrder, onClose }: OrderDialogProps) {
  const requestKey = useRequestKey();

  const initial: Record<string, string> = {
    amount: "",
    restock: "true",
    reason: "",
    notify: "true",
  };
  for (const line of order.items) initial[lineField(line.productId)] = "0";

  const RefundForm = formSchema(
    (values) => ({
      amount: typedDollars(values.amount ?? ""),
      lines: chosenLines(order, values).map(({ line, quantity }) => ({
        productId: line.productId,
        quantity,
      })),
      restock: values.restock === "true",
      reason: values.reason ?? "",
      notify: values.notify === "true",
      requestKey: requestKey.key,
    }),
    RefundSchema,
  );

  // What only this screen knows: how much is left, and how many units can still go back.
  const check = (values: Record<string, string>): Errors<string> => {
    const errors: Errors<string> = {};
    const amount = typedDollars(values.amount ?? "");
    if (dollarsToCents(amount) > dollarsToCents(order.refundable)) {
      errors.amount = ORDER_ADMIN_MESSAGES.refundTooLarge(formatDollars(order.refundable));
    }
    if (values.restock === "true") {
      for (const { line, quantity } of chosenLines(order, values)) {
        const left = line.quantity - line.restocked;
        if (quantity > left) {
          errors[lineField(line.productId)] = ORDER_ADMIN_MESSAGES.lineTooMany(line.name, left);
        }
      }
    }
    return errors;
  };

  const { form, failure, dialog } = useDialogForm({
    initial,
    schema: RefundForm,
    check,
    failed: "The refund could not be made.",
    spent: requestKey.renewIfSpent,
    send: async (input) => {
      const answer = await refundOrder(order._id, input);
      onOrder(answer.order);
      refundToast(answer.refund, input.notify);
      onClose();
    },
  });

  /** A line's units changed: the amount becomes what the chosen units are worth (none: empty). */
  const onLine = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = { ...form.values, [event.target.name]: event.target.value };
    const suggested = suggestedAmount(order, next);
    form.reset({ ...next, amount: suggested === null ? "" : amountText(suggested) });
  };

  const amount = form.field("amount");
  const rest = amountText(order.refundable);
  const refunds = formatAmount(amount.value);
  return (
    <ConfirmDialog
      title={`Refund order #${order.number}`}
      className="order-dialog"
      confirmLabel={form.sending ? "Refunding…" : refunds ? `Refund ${refunds}` : "Refund"}
      notYet={refunds ? null : `${ORDER_ADMIN_MESSAGES.nothingChosen}.`}
      {...dialog}
      onCancel={onClose}
    >
      <fieldset className="order-refund-lines">
        <legend className="field-label">Units this refund is for</legend>
        <ul>
          {order.items.map((line) => {
            const binding = form.field(lineField(line.productId));
            return (
              <li key={line.productId} className="order-refund-line">
                <Thumb src={line.image} size={40} />
                <Field
                  label={line.name}
                  error={binding.error}
                  hint={`${formatDollars(line.unitPrice)} each · ${line.quantity} sold${
                    line.restocked > 0 ? ` · ${line.restocked} restocked` : ""
                  }`}
                >
                  {(aria) => (
                    <select
                      className="field-input field-select order-refund-qty"
                      name={binding.name}
                      value={binding.value}
                      onChange={onLine}
                      {...aria}
                    >
                      {unitChoices(line.quantity).map((n) => (
                        <option key={n} value={String(n)}>
                          {n === 0 ? "None" : `${n} of ${line.quantity}`}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <CheckboxField
        label="Put back in stock"
        {...form.field("restock")}
        hint="The chosen units go back on the shelf, for sale again."
      />
      <div className="order-refund-amount">
        <DollarsField
          label="Amount to refund"
          {...amount}
          hint={`Up to ${formatDollars(order.refundable)} is left to refund. The chosen units’ price with GST, less their share of any discount; delivery only with the rest.`}
        />
        {amount.value !== rest ? (
          <button
            type="button"
            className="admin-link-button"
            onClick={() => form.reset({ ...form.values, amount: rest })}
          >
            Refund the rest ({formatDollars(order.refundable)})
          </button>
        ) : null}
      </div>
      <TextField
        label="Reason"
        optional
        multiline
        rows={2}
        maxLength={MAX_REASON_LENGTH}
        {...form.field("reason")}
        hint="Kept with the refund; the customer’s email quotes it."
      />
      <CheckboxField
        label="Notify customer"
        {...form.field("notify")}
        hint={`Emails ${order.email} the refund.`}
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}

/** The submit button's amount as typed, when it reads as one; "" until then. */
function formatAmount(text: string): string {
  const dollars = typedDollars(text);
  return Number.isFinite(dollars) && dollars > 0 ? formatDollars(dollars) : "";
}
