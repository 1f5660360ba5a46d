// What a payout method is (Vendure's PaymentMethodHandler, for money going out): one object per
// way of paying creators, saying how its details are validated, stored (sealed where secret,
// masked beside), described, compared, and how a batch's lines for it become the file the owner
// uploads. The registry (registry.ts) lists them; nothing else switches on a method.
import type { GenericSchema } from "valibot";
import type { PayoutDetails, PayoutDetailsDto, PayoutMethod } from "../../../contracts/payouts";
import type { Bindings } from "../../../env";
import type { AppError } from "../../../lib/app-error";
import type { creatorPayoutDetails, payoutLines } from "../schema";

/** The details a method's creators give, as validated (contracts/payouts.ts). */
export type DetailsOf<M extends PayoutMethod> = Extract<PayoutDetails, { method: M }>;
/** The masked details every answer carries. */
export type DetailsDtoOf<M extends PayoutMethod> = Extract<PayoutDetailsDto, { method: M }>;

type DetailsRow = typeof creatorPayoutDetails.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;

/** The method's own columns of creator_payout_details (the others are set null). */
export type MethodColumns = Pick<
  DetailsRow,
  "bsb" | "accountNumberSealed" | "accountNumberMasked" | "accountName" | "paypalEmail"
>;

export interface PayoutFile {
  text: string;
  filename: string;
  /** What the download's audit entry adds to the file's name, payments and total. */
  audited?: Record<string, unknown>;
}

export interface PayoutMethodHandler<M extends PayoutMethod> {
  method: M;
  /** The schema its details are validated with: the variant the profile's form shares. */
  schema: GenericSchema;
  /** The columns its details are stored in, the secret part sealed for the creator `userId`. */
  store(env: Bindings, userId: string, details: DetailsOf<M>): Promise<MethodColumns>;
  /** Whether `details` send money where the stored `row` already does (then no cooling-off). */
  sameDestination(env: Bindings, row: DetailsRow, details: DetailsOf<M>): Promise<boolean>;
  /** Where a payment went, in words, from the masked details: "PayPal jo@example.com". */
  paidTo(details: DetailsDtoOf<M>): string;
  /** The batch's file for this method's lines (the payout routes name its address). */
  file: {
    /** The audit entry's action: export.<format>. */
    format: string;
    /** The download's Content-Type, when not CSV's. */
    contentType?: string;
    /** Why no file can be written at all (the shop's own settings), checked first; else null. */
    refusal?: (env: Bindings) => AppError | null;
    /** The refusal when the batch has no line for this method. */
    noLines: () => AppError;
    /** The file, from the batch's lines for this method (never empty), or a refusal thrown. */
    write(
      env: Bindings,
      batch: { id: string; lines: PayoutLineRow[] },
      options: { processingDate: string },
    ): Promise<PayoutFile>;
  };
}
