// The files a payout is sent with: the bank transfers as an ABA file for the shop's bank, released
// on a processing day the owner picks (today in Brisbane unless changed), and the PayPal payments
// as a Payouts CSV. Each shows only when some line is paid that way; a refusal (the shop's bank
// settings missing) is the Worker's message in a toast.
import { useState } from "react";
import { formatDollars } from "../../../worker/contracts/money";
import { AbaQuery, type AdminPayoutDto } from "../../../worker/contracts/payouts";
import { shopDate } from "../../../worker/contracts/shop-time";
import { Field, SubmitButton } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { Card } from "../components/card";
import { reportAdminFailure } from "../lib/admin-api";
import { downloadPayoutAba, downloadPayoutPaypal } from "./api";

/** The processing day is needed here (the endpoint would default a missing one to today). */
const AbaForm = formSchema((values) => ({ date: values.date ?? "" }), AbaQuery);

export function PayoutFiles({ payout }: { payout: AdminPayoutDto }) {
  const methods = new Set(payout.lines.map((line) => line.payoutDetails.method));
  return (
    <Card title="Files to send">
      <div className="payout-files">
        {methods.has("bank") ? <BankFile payout={payout} /> : null}
        {methods.has("paypal") ? <PaypalFile payout={payout} /> : null}
      </div>
    </Card>
  );
}

function BankFile({ payout }: { payout: AdminPayoutDto }) {
  const form = useForm({ date: shopDate() }, AbaForm);
  const onSubmit = form.submit(async (_input, values) => {
    try {
      await downloadPayoutAba(payout._id, values.date);
    } catch (error) {
      reportAdminFailure(error, "The bank file could not be downloaded.");
    }
  });
  const { error, ...control } = form.field("date");
  return (
    <form
      ref={form.formRef}
      className="payout-file"
      aria-label="Bank file"
      noValidate
      onSubmit={onSubmit}
    >
      <p>
        <strong>{formatDollars(payout.bankTotal)}</strong> by bank transfer: upload the file to the
        shop’s bank.
      </p>
      <Field
        label="Processing date"
        hint="The day the bank releases the payments."
        error={error}
        className="payout-date"
      >
        {(aria) => <input className="field-input" type="date" required {...aria} {...control} />}
      </Field>
      <SubmitButton ghost sending={form.sending} sendingLabel="Downloading…">
        Download bank file (ABA)
      </SubmitButton>
    </form>
  );
}

function PaypalFile({ payout }: { payout: AdminPayoutDto }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPayoutPaypal(payout._id);
    } catch (error) {
      reportAdminFailure(error, "The PayPal file could not be downloaded.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="payout-file">
      <p>
        <strong>{formatDollars(payout.paypalTotal)}</strong> by PayPal: upload the file to PayPal
        Payouts.
      </p>
      <button type="button" className="button button-ghost" onClick={download} disabled={busy}>
        {busy ? "Downloading…" : "Download PayPal CSV"}
      </button>
    </div>
  );
}
