// Where the creator is paid: the masked details in view mode, and a form to add or change them
// (an Australian bank account or PayPal, with an optional ABN and GST registration). The account
// number never comes back whole, so the form never holds it: changing bank details means typing it
// again. Saving asks for the account's password, and new details are paid only after a waiting
// period, which the view states. The form checks with the endpoint's own schema, and shows the
// Worker's field errors too.
import { useId, useRef, useState } from "react";
import { toast } from "react-toastify";
import {
  type CreatorPayoutDetailsDto,
  formatAbn,
  MAX_ACCOUNT_NAME_LENGTH,
  MAX_ACCOUNT_NUMBER_DIGITS,
  PAYOUT_DETAILS_CHANGE_MESSAGES,
  type PayoutDetailsDto,
  type PayoutMethod,
  SavePayoutDetailsSchema,
} from "../../../../worker/contracts/payouts";
import { formatShopMoment } from "../../../../worker/contracts/shop-time";
import { type Fact, Facts } from "../../../components/facts";
import {
  CheckboxField,
  EmailField,
  FormActions,
  FormAlert,
  PasswordField,
  TextField,
} from "../../../components/form-kit";
import { failureMessage, isSessionExpired } from "../../../lib/api-client";
import { formSchema } from "../../../lib/form-schema";
import { useForm, useFormFailure, type Values } from "../../../lib/use-form";
import { savePayoutDetails } from "../api";

export const PAYOUT_DETAILS_MESSAGES = {
  missing: "Add your payout details so we can pay you.",
  saved: "Payout details saved",
  saveFailed: "Your payout details could not be saved. Please try again.",
} as const;

const METHOD_LABEL: Record<PayoutMethod, string> = {
  bank: "Australian bank account",
  paypal: "PayPal",
};

type Field =
  | "method"
  | "bsb"
  | "accountNumber"
  | "accountName"
  | "email"
  | "abn"
  | "gstRegistered"
  | "currentPassword";

/** The form's text values as the endpoint's body: only the chosen method's fields go. */
function toBody(values: Record<string, string>) {
  const tax = {
    abn: values.abn ?? "",
    gstRegistered: values.gstRegistered === "true",
    currentPassword: values.currentPassword ?? "",
  };
  if (values.method === "paypal") return { method: "paypal", email: values.email, ...tax };
  if (values.method === "bank") {
    return {
      method: "bank",
      bsb: values.bsb,
      accountNumber: values.accountNumber,
      accountName: values.accountName,
      ...tax,
    };
  }
  return { method: values.method, ...tax };
}

const FormSchema = formSchema(toBody, SavePayoutDetailsSchema);

/** What the form starts from: the saved details, but never an account number. */
function editable(details: PayoutDetailsDto | null): Values<Field> {
  return {
    method: details?.method ?? "bank",
    bsb: details?.method === "bank" ? details.bsb : "",
    accountNumber: "",
    accountName: details?.method === "bank" ? details.accountName : "",
    email: details?.method === "paypal" ? details.email : "",
    abn: details?.abn ? formatAbn(details.abn) : "",
    gstRegistered: String(details?.gstRegistered ?? false),
    currentPassword: "",
  };
}

interface PayoutDetailsProps {
  details: CreatorPayoutDetailsDto | null;
  onSaved: (details: CreatorPayoutDetailsDto) => void;
}

export function PayoutDetailsSection({ details, onSaved }: PayoutDetailsProps) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const form = useForm(editable(details), FormSchema, (values): { currentPassword?: string } =>
    values.currentPassword
      ? {}
      : { currentPassword: PAYOUT_DETAILS_CHANGE_MESSAGES.passwordRequired },
  );
  const { failure, fail, clearFailure } = useFormFailure();

  const setMode = (next: boolean) => {
    form.reset(editable(details));
    clearFailure();
    setEditing(next);
    requestAnimationFrame(() => {
      if (!next) editButton.current?.focus();
      else form.formRef.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
    });
  };

  const onSubmit = form.submit(async (input) => {
    clearFailure();
    try {
      const answer = await savePayoutDetails(input);
      onSaved(answer.payoutDetails);
      toast.success(PAYOUT_DETAILS_MESSAGES.saved);
      setEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (error) {
      if (isSessionExpired(error) || form.showServerErrors(error)) return;
      fail(failureMessage(error, PAYOUT_DETAILS_MESSAGES.saveFailed));
    }
  });

  const method = form.values.method;
  const savedBank = details?.method === "bank" ? details : null;
  return (
    <section className="profile-card payouts-card is-details" aria-labelledby={headingId}>
      <h2 id={headingId} className="payouts-title">
        Payout details
      </h2>
      {editing ? (
        <form
          ref={form.formRef}
          className="form account-form payout-form"
          noValidate
          onSubmit={onSubmit}
        >
          <fieldset className="payout-methods">
            <legend className="field-label">How you'd like to be paid</legend>
            {(["bank", "paypal"] as const).map((choice) => (
              <label key={choice} className="payout-method">
                <input
                  type="radio"
                  name="method"
                  value={choice}
                  checked={method === choice}
                  onChange={form.field("method").onChange}
                />
                {METHOD_LABEL[choice]}
              </label>
            ))}
            {form.errors.method ? <p className="field-error">{form.errors.method}</p> : null}
          </fieldset>
          {method === "paypal" ? (
            <EmailField
              {...form.field("email")}
              label="PayPal email"
              hint="The email address of your PayPal account."
            />
          ) : (
            <>
              <TextField
                {...form.field("bsb")}
                label="BSB"
                autoComplete="off"
                inputMode="numeric"
                maxLength={7}
                hint="6 digits, such as 062-000."
                required
              />
              <TextField
                {...form.field("accountNumber")}
                label="Account number"
                autoComplete="off"
                inputMode="numeric"
                maxLength={MAX_ACCOUNT_NUMBER_DIGITS + 4}
                hint={
                  savedBank
                    ? `Saved: ${savedBank.accountNumberMasked}. We never show it in full, so please type it again.`
                    : undefined
                }
                required
              />
              <TextField
                {...form.field("accountName")}
                label="Account name"
                autoComplete="off"
                maxLength={MAX_ACCOUNT_NAME_LENGTH}
                hint="As your bank shows it."
                required
              />
            </>
          )}
          <TextField
            optional
            {...form.field("abn")}
            label="ABN"
            autoComplete="off"
            inputMode="numeric"
            maxLength={14}
            hint="If you have one: 11 digits."
          />
          <CheckboxField
            {...form.field("gstRegistered")}
            label="Registered for GST"
            hint="Needs an ABN. Your statements then are recipient created tax invoices, amounts including GST."
          />
          <PasswordField
            {...form.field("currentPassword")}
            label="Current password"
            hint="To keep your money safe, saving payout details needs your password. We email you about every change, and new details are used for payouts after a short wait."
          />
          <FormAlert message={failure} />
          <FormActions
            sending={form.sending}
            sendingLabel="Saving..."
            onCancel={() => setMode(false)}
          >
            Save payout details
          </FormActions>
        </form>
      ) : (
        <>
          {details ? (
            <>
              <SavedDetails details={details} />
              <WaitingNote usableFrom={details.usableFrom} />
            </>
          ) : (
            <p className="payouts-empty">{PAYOUT_DETAILS_MESSAGES.missing}</p>
          )}
          <div className="form-actions">
            <button
              ref={editButton}
              type="button"
              className="button button-primary"
              onClick={() => setMode(true)}
            >
              {details ? "Change payout details" : "Add payout details"}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** While new details wait: from when a payout may go to them. */
function WaitingNote({ usableFrom }: { usableFrom: string }) {
  if (Date.parse(usableFrom) <= Date.now()) return null;
  return (
    <p className="payouts-waiting" role="note">
      {PAYOUT_DETAILS_CHANGE_MESSAGES.waiting(`${formatShopMoment(usableFrom)} (Brisbane time)`)}
    </p>
  );
}

function SavedDetails({ details }: { details: PayoutDetailsDto }) {
  const account: Fact[] =
    details.method === "bank"
      ? [
          { term: "BSB", value: details.bsb },
          { term: "Account number", value: details.accountNumberMasked },
          { term: "Account name", value: details.accountName },
        ]
      : [{ term: "PayPal email", value: details.email }];
  return (
    <Facts
      className="account-details payout-details"
      facts={[
        { term: "Paid by", value: METHOD_LABEL[details.method] },
        ...account,
        { term: "ABN", value: details.abn ? formatAbn(details.abn) : "Not given" },
        {
          term: "GST",
          value: details.gstRegistered ? "Registered for GST" : "Not registered for GST",
        },
      ]}
    />
  );
}
