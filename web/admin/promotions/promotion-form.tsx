// A promotion's whole definition (PromotionInputSchema): name, code or automatic, the discount and
// what it applies to, the minimum spend, when it runs (Brisbane time), its limits, whether it
// stacks with a creator's code, and its status. Validated with the endpoint's own schema; a rule
// across fields (the end after the start) is said above the Save button.
import type { ChangeEvent } from "react";
import { useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import type {
  PROMOTION_KINDS,
  PROMOTION_SCOPES,
  PROMOTION_STATUSES,
  PromotionDto,
  PromotionInput,
} from "../../../worker/contracts/promotions";
import {
  CheckboxField,
  DollarsField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form-kit";
import { type Errors, useForm } from "../../lib/use-form";
import { Card } from "../components/card";
import { reportAdminFailure } from "../lib/admin-api";
import { CategoryPicker, ProductPicker } from "./promotion-pickers";
import {
  EMPTY_PROMOTION,
  type PromotionField,
  PromotionForm as PromotionFormSchema,
  type PromotionValues,
  valuesOf,
} from "./promotion-values";

const KIND_WORDS: Record<(typeof PROMOTION_KINDS)[number], string> = {
  percent: "Percentage off",
  fixed: "Fixed amount off",
  free_delivery: "Free delivery",
};
const SCOPE_WORDS: Record<(typeof PROMOTION_SCOPES)[number], string> = {
  order: "The whole order",
  categories: "Chosen categories",
  products: "Chosen products",
};
const STATUS_WORDS: Record<(typeof PROMOTION_STATUSES)[number], string> = {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};
const options = <K extends string>(words: Record<K, string>) =>
  (Object.entries(words) as [K, string][]).map(([value, label]) => ({ value, label }));

/** A rule across fields that no one field can show (the end before the start), if one is broken. */
function ruleBroken(values: PromotionValues): string | null {
  const parsed = v.safeParse(PromotionFormSchema, values);
  if (parsed.success) return null;
  return parsed.issues.find((issue) => !v.getDotPath(issue))?.message ?? null;
}

export function PromotionForm({
  promotion,
  onSave,
  saveLabel,
}: {
  promotion?: PromotionDto;
  onSave: (input: PromotionInput) => Promise<void>;
  saveLabel: string;
}) {
  const stored = promotion ? valuesOf(promotion) : EMPTY_PROMOTION;
  const form = useForm<PromotionField, PromotionInput>(stored, PromotionFormSchema);
  const [rule, setRule] = useState<string | null>(null);
  const field = (name: PromotionField) => form.field(name);
  /** Sets a value chosen outside a plain control (a picker), as its change would. */
  const choose = (name: PromotionField) => (value: string) =>
    form.field(name).onChange({ target: { name, value } } as ChangeEvent<HTMLInputElement>);

  const invalid = (found: Errors<PromotionField>) => {
    const broken = Object.keys(found).length === 0 ? ruleBroken(form.values) : null;
    setRule(broken);
    toast.error(broken ?? "Check the highlighted fields.");
  };

  const onSubmit = form.submit(async (input) => {
    setRule(null);
    try {
      await onSave(input);
    } catch (error) {
      if (!form.showServerErrors(error))
        reportAdminFailure(error, "The promotion could not be saved.");
    }
  }, invalid);

  const { values } = form;
  const automatic = values.automatic === "true";
  return (
    <form
      ref={form.formRef}
      className="promotion-form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Promotion details"
    >
      <Card title="Promotion">
        <TextField label="Name" {...field("name")} maxLength={80} autoComplete="off" />
        <CheckboxField
          label="Automatic offer (no code)"
          {...field("automatic")}
          hint="Applied at checkout to every order it fits, and shown in the shop where it applies."
        />
        {automatic ? null : (
          <TextField
            label="Code"
            {...field("code")}
            maxLength={32}
            autoComplete="off"
            hint="What shoppers type at checkout: 3-32 letters, digits or dashes; case does not matter. Batches of single-use codes are made on the promotion's page."
          />
        )}
      </Card>
      <Card title="Discount">
        <SelectField label="Kind" {...field("kind")} options={options(KIND_WORDS)} />
        {values.kind === "percent" ? (
          <TextField
            label="Per cent off"
            {...field("percentOff")}
            inputMode="numeric"
            autoComplete="off"
          />
        ) : null}
        {values.kind === "fixed" ? (
          <DollarsField label="Amount off" {...field("amountOffCents")} />
        ) : null}
        <SelectField label="Applies to" {...field("scope")} options={options(SCOPE_WORDS)} />
        {values.scope === "categories" ? (
          <CategoryPicker
            value={values.categoryIds}
            onChange={choose("categoryIds")}
            error={form.errors.categoryIds}
          />
        ) : null}
        {values.scope === "products" ? (
          <ProductPicker
            value={values.productIds}
            onChange={choose("productIds")}
            error={form.errors.productIds}
          />
        ) : null}
      </Card>
      <Card title="Conditions">
        <DollarsField
          label="Minimum spend"
          optional
          {...field("minSpendCents")}
          hint="Of the goods, before GST and delivery."
        />
        <div className="field-row">
          <TextField
            label="Starts"
            optional
            type="datetime-local"
            {...field("startsAt")}
            hint="Brisbane time. Empty: from now."
          />
          <TextField
            label="Ends"
            optional
            type="datetime-local"
            {...field("endsAt")}
            hint="Brisbane time. Empty: until ended."
          />
        </div>
        <div className="field-row">
          <TextField
            label="Usage limit"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...field("usageLimit")}
            hint="Orders in all."
          />
          <TextField
            label="Per-customer limit"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...field("perCustomerLimit")}
            hint="By account, or by email for guests."
          />
        </div>
        <CheckboxField
          label="Stacks with a creator's code"
          {...field("stacksWithCreator")}
          hint="Otherwise the shopper gets the better of the two, and the creator keeps the credit."
        />
        <SelectField label="Status" {...field("status")} options={options(STATUS_WORDS)} />
      </Card>
      <FormAlert message={rule} />
      <SubmitButton sending={form.sending} sendingLabel="Saving...">
        {saveLabel}
      </SubmitButton>
    </form>
  );
}
