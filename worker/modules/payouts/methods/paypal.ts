// Paying a creator by PayPal: their PayPal email, and a batch's PayPal lines as a Payouts Web file.
import { PAYOUT_ADMIN_MESSAGES, PaypalDetailsSchema } from "../../../contracts/payouts";
import { AppError } from "../../../lib/app-error";
import { csvMoney, csvRow } from "../../../lib/csv";
import { statementNumber } from "../statement-number";
import type { PayoutMethodHandler } from "./method";

export const paypal: PayoutMethodHandler<"paypal"> = {
  method: "paypal",
  schema: PaypalDetailsSchema,
  store: async (_env, _userId, details) => ({
    bsb: null,
    accountNumberSealed: null,
    accountNumberMasked: null,
    accountName: null,
    paypalEmail: details.email,
  }),
  sameDestination: async (_env, row, details) =>
    row.method === "paypal" && row.paypalEmail === details.email,
  paidTo: (details) => `PayPal ${details.email}`,
  file: {
    format: "paypal",
    noLines: () => new AppError(409, PAYOUT_ADMIN_MESSAGES.noPaypalLines, "no_paypal_lines"),
    /**
     * No header, one row per creator of email, amount, currency, the line id (PayPal's "customer
     * ID", unique per payment) and a note.
     */
    write: async (env, batch) => ({
      text: batch.lines
        .map((line) =>
          csvRow([
            line.paypalEmail,
            csvMoney(line.amountCents),
            "AUD",
            line.id,
            `${env.SELLER_NAME} creator commission, statement ${statementNumber(line.id)}`,
            "PAYPAL",
          ]),
        )
        .join(""),
      filename: `payout-${statementNumber(batch.id)}-paypal.csv`,
    }),
  },
};
