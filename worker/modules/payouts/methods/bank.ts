// Paying a creator by bank transfer: an Australian account (BSB, number, name), the number sealed
// with the payout-details key (lib/keys.ts) and bound to the creator's id, kept masked beside it;
// a batch's bank lines become an ABA Direct Entry file for the shop's bank (aba.ts, the format).

import {
  BankDetailsSchema,
  maskAccountNumber,
  PAYOUT_ADMIN_MESSAGES,
  toAbaText,
} from "../../../contracts/payouts";
import type { Bindings } from "../../../env";
import { AppError } from "../../../lib/app-error";
import type { Deps } from "../../../lib/deps";
import { seal, unseal } from "../../../lib/keys";
import { statementNumber } from "../statement-number";
import { type AbaCredit, AbaError, abaFile } from "./aba";
import type { PayoutMethodHandler } from "./method";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Opens an account number sealed for `userId` (a payout line keeps the creator's sealed copy). */
export async function openAccountNumber(
  { env }: Pick<Deps, "env">,
  userId: string,
  sealed: string,
): Promise<string> {
  return decoder.decode(await unseal(env, "payoutDetails", userId, sealed));
}

/** What the shop's bank settings lack for a bank file, by variable name. */
export function missingBankSettings(env: Bindings): string[] {
  const settings = {
    SHOP_BANK: env.SHOP_BANK,
    SHOP_BANK_USER_ID: env.SHOP_BANK_USER_ID,
    SHOP_BANK_USER_NAME: env.SHOP_BANK_USER_NAME,
    SHOP_BANK_BSB: env.SHOP_BANK_BSB,
    SHOP_BANK_ACCOUNT_NUMBER: env.SHOP_BANK_ACCOUNT_NUMBER,
  };
  return Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/**
 * The lodgement reference a creator's bank statement shows for their credit: "STATEMENT" and the
 * whole statement number, as their statement prints it. It fills the ABA field's 18 characters
 * exactly (10 + 8); the file refuses a longer one rather than cut the number short.
 */
export const lodgementReference = (lineId: string) => `STATEMENT ${statementNumber(lineId)}`;

/** The ABA file, or a 409 naming what a bank would refuse (the shop's settings, say). */
function bankFileOf(...args: Parameters<typeof abaFile>): string {
  try {
    return abaFile(...args);
  } catch (err) {
    if (err instanceof AbaError) {
      throw new AppError(409, PAYOUT_ADMIN_MESSAGES.abaRefused(err.message), "aba_refused");
    }
    throw err;
  }
}

export const bank: PayoutMethodHandler<"bank"> = {
  method: "bank",
  schema: BankDetailsSchema,
  store: async (env, userId, details) => ({
    bsb: details.bsb,
    accountNumberSealed: await seal(
      env,
      "payoutDetails",
      userId,
      encoder.encode(details.accountNumber),
    ),
    accountNumberMasked: maskAccountNumber(details.accountNumber),
    accountName: details.accountName,
    paypalEmail: null,
  }),
  async sameDestination(env, row, details) {
    if (row.method !== "bank" || row.bsb !== details.bsb || !row.accountNumberSealed) return false;
    if (row.accountName !== details.accountName) return false;
    return (
      (await openAccountNumber({ env }, row.userId, row.accountNumberSealed)) ===
      details.accountNumber
    );
  },
  paidTo: (details) => `BSB ${details.bsb}, account ${details.accountNumberMasked}`,
  file: {
    format: "aba",
    contentType: "text/plain; charset=us-ascii",
    refusal(env) {
      const missing = missingBankSettings(env);
      return missing.length > 0
        ? new AppError(409, PAYOUT_ADMIN_MESSAGES.bankNotConfigured(missing), "bank_not_configured")
        : null;
    },
    noLines: () => new AppError(409, PAYOUT_ADMIN_MESSAGES.noBankLines, "no_bank_lines"),
    /** Released on `processingDate` (YYYY-MM-DD, Brisbane); one credit per line. */
    async write(env, batch, { processingDate }) {
      const credits: AbaCredit[] = await Promise.all(
        batch.lines.map(async (line) => ({
          bsb: line.bsb ?? "",
          accountNumber: await openAccountNumber(
            { env },
            line.creatorId,
            line.accountNumberSealed ?? "",
          ),
          accountName: line.accountName ?? "",
          amountCents: line.amountCents,
          reference: lodgementReference(line.id),
        })),
      );
      const text = bankFileOf(
        {
          bank: env.SHOP_BANK ?? "",
          userName: env.SHOP_BANK_USER_NAME ?? "",
          userId: env.SHOP_BANK_USER_ID ?? "",
          description: "CREATORS",
          processingDate,
          account: {
            bsb: env.SHOP_BANK_BSB ?? "",
            accountNumber: env.SHOP_BANK_ACCOUNT_NUMBER ?? "",
          },
          remitter: toAbaText(env.SELLER_NAME).slice(0, 16).trim(),
          balancingDebit: env.SHOP_BANK_BALANCING_DEBIT === "true",
        },
        credits,
      );
      const filename = `payout-${statementNumber(batch.id)}-${processingDate}.aba`;
      return { text, filename, audited: { processingDate } };
    },
  },
};
