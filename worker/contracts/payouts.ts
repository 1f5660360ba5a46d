// Where a creator's commission is paid: an Australian bank account or a PayPal
// email, with an ABN and GST registration for the statement. The schema POST
// /api/user/creator/payout-details validates with and the profile form checks with; the rules
// the bank file (worker/modules/payouts/methods/aba.ts) writes by; and the masked answer, the only way details go out.
import * as v from "valibot";
import { CurrentPasswordSchema } from "./account";
import { PageQuery } from "./admin";
import { isAbn, MAX_EMAIL_LENGTH } from "./fields";

/** A BSB as banks print it and the ABA file carries it: 3 digits, a hyphen, 3 digits. */
export const BSB_PATTERN = /^\d{3}-\d{3}$/;
/** A BSB as people type it: with a hyphen, a space or neither. */
const BSB_TYPED = /^(\d{3})[-\s]?(\d{3})$/;

/** The ABA file's account number field holds 9 characters; no Australian bank uses fewer than 5. */
export const MIN_ACCOUNT_NUMBER_DIGITS = 5;
export const MAX_ACCOUNT_NUMBER_DIGITS = 9;
/** The ABA detail record's "title of account" field. */
export const MAX_ACCOUNT_NAME_LENGTH = 32;

/**
 * The characters a Direct Entry file may carry (BECS's character set: letters, digits, space and
 * this punctuation). Double quotes, semicolons, backslashes and anything beyond ASCII may not.
 */
export const ABA_PUNCTUATION = "&',-./+$!%()*#=:?[]_^@";
const ABA_CHARACTER = /[A-Za-z0-9 &',\-./+$!%()*#=:?[\]_^@]/g;
export const ABA_TEXT_PATTERN = /^[A-Za-z0-9 &',\-./+$!%()*#=:?[\]_^@]*$/;

/**
 * Letters that Unicode decomposition leaves whole, and typographic punctuation with a plain
 * equivalent: what a phone's keyboard writes in "O’Brien" or "Søren".
 */
const TRANSLITERATIONS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  œ: "oe",
  Œ: "OE",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  "‘": "'",
  "’": "'",
  "‚": "'",
  "‛": "'",
  "′": "'",
  "`": "'",
  "´": "'",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "―": "-",
  "−": "-",
};
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "g");

/**
 * Text as a bank file can carry it: accents dropped (é to e), the letters and punctuation above
 * replaced, runs of whitespace (line breaks too) made one space, the ends trimmed. Characters with
 * no equivalent (emoji, other scripts, " ; \) stay, for `abaTextProblem` to name.
 */
export function toAbaText(text: string): string {
  return text
    .replace(TRANSLITERATED, (ch) => TRANSLITERATIONS[ch] ?? ch)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The characters of `text` a bank file cannot carry, each once, in order of appearance. */
export const abaUnsupportedCharacters = (text: string): string[] => [
  ...new Set(text.replace(ABA_CHARACTER, "")),
];

/** What a creator reads when a name has characters a bank file cannot carry. */
const unsupportedMessage = (label: string, text: string) =>
  `${label} can't include ${abaUnsupportedCharacters(text)
    .map((ch) => `"${ch}"`)
    .join(
      ", ",
    )}: banks accept only letters, digits, spaces and ${ABA_PUNCTUATION.split("").join(" ")}`;

/** "062000", "062 000" or "062-000" as 062-000; null for anything else. */
export function normaliseBsb(input: string): string | null {
  const match = BSB_TYPED.exec(input.trim());
  return match ? `${match[1]}-${match[2]}` : null;
}

/** An account number with its spaces and hyphens removed, or null when not 5 to 9 digits. */
export function normaliseAccountNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  const valid =
    /^\d+$/.test(digits) &&
    digits.length >= MIN_ACCOUNT_NUMBER_DIGITS &&
    digits.length <= MAX_ACCOUNT_NUMBER_DIGITS &&
    !/^0+$/.test(digits);
  return valid ? digits : null;
}

/** An ABN as the ATO prints it: "51 824 753 556". */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\s/g, "");
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
}

/** Every answer shows this, then the last 3 digits: the length of the number stays private too. */
export const ACCOUNT_NUMBER_MASK = "••••••";
const SHOWN_DIGITS = 3;

/**
 * "••••••123": the last 3 digits of an account number and nothing else. A value too short to be an
 * account number shows no digits, so a mask never gives a whole number away.
 */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, "");
  return digits.length < MIN_ACCOUNT_NUMBER_DIGITS
    ? ACCOUNT_NUMBER_MASK
    : ACCOUNT_NUMBER_MASK + digits.slice(-SHOWN_DIGITS);
}

export const PAYOUT_MESSAGES = {
  method:
    'Please choose how you\'d like to be paid: "bank" for an Australian bank account or "paypal".',
  bsb: "Please enter your BSB: the 6 digits on your bank statement, such as 062-000.",
  accountNumber: `Please enter your account number: ${MIN_ACCOUNT_NUMBER_DIGITS} to ${MAX_ACCOUNT_NUMBER_DIGITS} digits, as your bank shows it.`,
  accountName: "Please enter the account name as your bank shows it.",
  accountNameLength: `Account name must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters (banks accept no more); use the short form your bank shows.`,
  paypalEmail: "Please enter the email address of your PayPal account.",
  paypalEmailInvalid: "Please enter a valid email address for your PayPal account.",
  paypalEmailStart:
    "Please use a PayPal email that starts with a letter or a digit (payout files can't carry one starting with = + - or @).",
  abn: "That ABN doesn't check out: it is 11 digits, and you can look yours up at abr.business.gov.au.",
  gstWithoutAbn: "To tell us you're registered for GST, please add your ABN too.",
  gstRegistered: "Registered for GST must be true or false.",
} as const;

const BsbSchema = v.pipe(
  v.optional(v.string(PAYOUT_MESSAGES.bsb), ""),
  v.check((s) => normaliseBsb(s) !== null, PAYOUT_MESSAGES.bsb),
  v.transform((s) => normaliseBsb(s) ?? s),
);

const AccountNumberSchema = v.pipe(
  v.optional(v.string(PAYOUT_MESSAGES.accountNumber), ""),
  v.check((s) => normaliseAccountNumber(s) !== null, PAYOUT_MESSAGES.accountNumber),
  v.transform((s) => normaliseAccountNumber(s) ?? s),
);

/** Kept as the bank file will carry it (accents dropped, spacing tidied), case as typed. */
const AccountNameSchema = v.pipe(
  v.optional(v.string(PAYOUT_MESSAGES.accountName), ""),
  v.transform(toAbaText),
  v.nonEmpty(PAYOUT_MESSAGES.accountName),
  v.maxLength(MAX_ACCOUNT_NAME_LENGTH, PAYOUT_MESSAGES.accountNameLength),
  v.regex(ABA_TEXT_PATTERN, (issue) => unsupportedMessage("Account name", String(issue.input))),
);

/**
 * Kept as PayPal's file will carry it: a spreadsheet reads a cell starting with = + - or @ as a
 * formula, so the payouts file would have to change such an address (csv.ts); none is taken.
 */
const PaypalEmailSchema = v.pipe(
  v.optional(v.string(PAYOUT_MESSAGES.paypalEmail), ""),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(PAYOUT_MESSAGES.paypalEmail),
  v.maxLength(MAX_EMAIL_LENGTH, PAYOUT_MESSAGES.paypalEmailInvalid),
  v.email(PAYOUT_MESSAGES.paypalEmailInvalid),
  v.check((s) => !/^[=+\-@]/.test(s), PAYOUT_MESSAGES.paypalEmailStart),
);

/** Optional: empty or missing is no ABN (null); given, it must pass the ATO's checksum. */
const AbnSchema = v.pipe(
  v.optional(v.nullable(v.string(PAYOUT_MESSAGES.abn)), ""),
  v.transform((s) => (s ?? "").replace(/\s/g, "")),
  v.check((s) => s === "" || isAbn(s), PAYOUT_MESSAGES.abn),
  v.transform((s) => (s === "" ? null : s)),
);

const taxEntries = {
  abn: AbnSchema,
  gstRegistered: v.optional(v.boolean(PAYOUT_MESSAGES.gstRegistered), false),
};

export const PAYOUT_METHODS = ["bank", "paypal"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A bank account's details (worker/modules/payouts/methods/bank.ts). */
export const BankDetailsSchema = v.object({
  method: v.literal("bank"),
  bsb: BsbSchema,
  accountNumber: AccountNumberSchema,
  accountName: AccountNameSchema,
  ...taxEntries,
});

/** A PayPal account's details (worker/modules/payouts/methods/paypal.ts). */
export const PaypalDetailsSchema = v.object({
  method: v.literal("paypal"),
  email: PaypalEmailSchema,
  ...taxEntries,
});

/** POST /api/user/creator/payout-details: one variant per payout method. */
export const PayoutDetailsSchema = v.pipe(
  v.variant("method", [BankDetailsSchema, PaypalDetailsSchema], PAYOUT_MESSAGES.method),
  v.forward(
    v.partialCheck(
      [["abn"], ["gstRegistered"]],
      (d) => !d.gstRegistered || d.abn !== null,
      PAYOUT_MESSAGES.gstWithoutAbn,
    ),
    ["gstRegistered"],
  ),
);
export type PayoutDetailsInput = v.InferInput<typeof PayoutDetailsSchema>;

/** Saving payout details also needs the account's password (checked by the Worker). */
export const SavePayoutDetailsSchema = v.intersect([
  PayoutDetailsSchema,
  v.object({ currentPassword: CurrentPasswordSchema }),
]);
export type SavePayoutDetails = v.InferOutput<typeof SavePayoutDetailsSchema>;

/** What the payout-details form and its notice say about the password and the waiting period. */
export const PAYOUT_DETAILS_CHANGE_MESSAGES = {
  passwordRequired: "Please enter your current password to save payout details.",
  wrongPassword: "Your current password is not correct.",
  /** The saved details, with the first moment a payout may go to them. */
  waiting: (when: string) =>
    `For your safety, new payout details are used for payouts made from ${when}.`,
} as const;
/** Validated details: BSB as 999-999, account number digits only, ABN digits only or null. */
export type PayoutDetails = v.InferOutput<typeof PayoutDetailsSchema>;

interface PayoutTaxDto {
  /** 11 digits, or null when the creator gave none. */
  abn: string | null;
  gstRegistered: boolean;
}

/** Payout details as every answer carries them: the account number masked, never whole. */
export type PayoutDetailsDto =
  | (PayoutTaxDto & {
      method: "bank";
      bsb: string;
      /** "••••••123" (maskAccountNumber). */
      accountNumberMasked: string;
      accountName: string;
    })
  | (PayoutTaxDto & { method: "paypal"; email: string });

/** Payout details as stored (a creator's, or a payout line's copy): the number only masked. */
export interface StoredPayoutDetails {
  method: PayoutMethod;
  bsb: string | null;
  accountNumberMasked: string | null;
  accountName: string | null;
  paypalEmail: string | null;
  abn: string | null;
  gstRegistered: boolean;
}

/** The answer from stored details: the only way details leave the Worker. */
export function payoutDetailsDto(row: StoredPayoutDetails): PayoutDetailsDto {
  const tax = { abn: row.abn, gstRegistered: row.gstRegistered };
  if (row.method === "paypal") return { method: "paypal", email: row.paypalEmail ?? "", ...tax };
  return {
    method: "bank",
    bsb: row.bsb ?? "",
    accountNumberMasked: row.accountNumberMasked ?? "",
    accountName: row.accountName ?? "",
    ...tax,
  };
}

/** The answer from validated details, masking the account number as storing them does. */
export const toPayoutDetailsDto = (details: PayoutDetails): PayoutDetailsDto =>
  payoutDetailsDto({
    method: details.method,
    bsb: details.method === "bank" ? details.bsb : null,
    accountNumberMasked:
      details.method === "bank" ? maskAccountNumber(details.accountNumber) : null,
    accountName: details.method === "bank" ? details.accountName : null,
    paypalEmail: details.method === "paypal" ? details.email : null,
    abn: details.abn,
    gstRegistered: details.gstRegistered,
  });

/**
 * A creator's own details, as their profile and the save answer carry them: masked, and with when
 * a payout batch may first pay them (a save sets it PAYOUT_DETAILS_COOLING_OFF_HOURS ahead).
 */
export type CreatorPayoutDetailsDto = PayoutDetailsDto & {
  /** ISO 8601. */
  usableFrom: string;
};

/** POST /api/user/creator/payout-details answers this. */
export interface PayoutDetailsResponse {
  success: true;
  payoutDetails: CreatorPayoutDetailsDto;
}

// ---- Payout batches (POST /api/admin/payouts and after) ------------------------------------

/** Payout batches per page of the back-office's list (GET /api/admin/payouts). */
export const PAYOUTS_PAGE_SIZE = 20;
/** GET /api/admin/payouts?page= */
export const PayoutListQuery = v.object({ page: PageQuery });
/** A statement's page in the shop: the creator's profile and the remittance mail link to it. */
export const payoutStatementPath = (lineId: string) => `/creator-profile/payouts/${lineId}`;

/** The least a creator's payable balance must reach to be paid, unless the owner says otherwise. */
export const DEFAULT_PAYOUT_MINIMUM_DOLLARS = 50;
/** The largest minimum the owner may ask for. */
export const MAX_PAYOUT_MINIMUM_DOLLARS = 100_000;

export const PAYOUT_ADMIN_MESSAGES = {
  minimum: `minimum must be a number of dollars from 0.01 to ${MAX_PAYOUT_MINIMUM_DOLLARS}, with at most 2 decimals`,
  empty: (minimum: string) =>
    `No creator with payout details has a payable balance of ${minimum} or more, so there is nothing to pay.`,
  waiting: (n: number) =>
    `${n === 1 ? "One creator is" : `${n} creators are`} owed that much, but their payout details are new and still in their cooling-off period.`,
  notFound: "Payout not found",
  notOpen: (status: string) => `This payout is ${status}: only an open payout can change.`,
  noBankLines: "This payout has no bank transfers: every creator in it is paid by PayPal.",
  noPaypalLines:
    "This payout has no PayPal payments: every creator in it is paid by bank transfer.",
  bankNotConfigured: (missing: string[]) =>
    `Set the shop's bank details to export a bank file: ${missing.join(", ")} (README, "Paying creators").`,
  statementNotFound: "Statement not found",
  abaRefused: (why: string) => `A bank would refuse this file: ${why}`,
  expected:
    "expected must be { total, creators }: the confirmed total in dollars and how many creators",
  changed: (amount: string, creators: string) =>
    `What the creators are owed has changed since you looked: a payout now would pay ${amount} to ${creators}. Check the figures and confirm again.`,
} as const;

/** The most a batch's `expected` may say: a file's total, and one line per creator. */
const MAX_PAYOUT_BATCH_DOLLARS = 99_999_999.99;
const MAX_PAYOUT_BATCH_CREATORS = 999_999;

/** Dollars with at most 2 decimals, within what the owner may ask a batch to reach. */
const minimumDollars = v.pipe(
  v.number(PAYOUT_ADMIN_MESSAGES.minimum),
  v.finite(PAYOUT_ADMIN_MESSAGES.minimum),
  v.minValue(0.01, PAYOUT_ADMIN_MESSAGES.minimum),
  v.maxValue(MAX_PAYOUT_MINIMUM_DOLLARS, PAYOUT_ADMIN_MESSAGES.minimum),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, PAYOUT_ADMIN_MESSAGES.minimum),
);

/**
 * POST /api/admin/payouts: `minimum` in dollars (default DEFAULT_PAYOUT_MINIMUM_DOLLARS). With
 * `expected` (the preview's total in dollars and its number of creators, as the owner confirmed
 * them) the batch is made only if it pays exactly that; otherwise 409 `payout_changed`.
 */
export const PayoutCreateSchema = v.object({
  minimum: v.optional(minimumDollars),
  expected: v.optional(
    v.strictObject(
      {
        total: v.pipe(
          v.number(PAYOUT_ADMIN_MESSAGES.expected),
          v.finite(PAYOUT_ADMIN_MESSAGES.expected),
          v.minValue(0.01, PAYOUT_ADMIN_MESSAGES.expected),
          v.maxValue(MAX_PAYOUT_BATCH_DOLLARS, PAYOUT_ADMIN_MESSAGES.expected),
          v.check(
            (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
            PAYOUT_ADMIN_MESSAGES.expected,
          ),
        ),
        creators: v.pipe(
          v.number(PAYOUT_ADMIN_MESSAGES.expected),
          v.integer(PAYOUT_ADMIN_MESSAGES.expected),
          v.minValue(1, PAYOUT_ADMIN_MESSAGES.expected),
          v.maxValue(MAX_PAYOUT_BATCH_CREATORS, PAYOUT_ADMIN_MESSAGES.expected),
        ),
      },
      PAYOUT_ADMIN_MESSAGES.expected,
    ),
  ),
});

/**
 * GET /api/admin/payouts/preview?minimum=: what a batch at `minimum` dollars (default the shop's)
 * would pay now, as the list's `due` says it for the default.
 */
export const PayoutPreviewQuery = v.object({
  minimum: v.optional(
    v.pipe(
      v.string(PAYOUT_ADMIN_MESSAGES.minimum),
      v.regex(/^\d{1,6}(\.\d{1,2})?$/, PAYOUT_ADMIN_MESSAGES.minimum),
      v.transform(Number),
      minimumDollars,
    ),
  ),
});

/** GET /api/admin/payouts/:id/aba?date=YYYY-MM-DD: the day the banks release the payments. */
export const AbaQuery = v.object({
  date: v.optional(
    v.pipe(
      v.string(),
      // A bank file writes the year in two digits, read as 20YY.
      v.regex(/^20\d{2}-\d{2}-\d{2}$/, "date must be a day from 2000 to 2099, as YYYY-MM-DD"),
      v.check(
        (s) =>
          !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
          new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
        "date must be a calendar day",
      ),
    ),
  ),
});

export type PayoutStatusDto = "open" | "paid" | "cancelled";

/** One creator's payment in a batch; dollars. */
export interface PayoutLineDto {
  _id: string;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  amount: number;
  /** Commissions in this line, and the refunds after earlier payouts it takes back (negative). */
  commissions: number;
  carried: number;
  orders: number;
  payoutDetails: PayoutDetailsDto;
}

export interface AdminPayoutDto {
  _id: string;
  status: PayoutStatusDto;
  minimum: number;
  total: number;
  /** Totals by method, for the two files. */
  bankTotal: number;
  paypalTotal: number;
  lineCount: number;
  createdAt: string;
  createdBy: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  lines: PayoutLineDto[];
}

/**
 * What a batch at `minimum` (dollars) would pay now: creators with usable payout details and their
 * amount, how many more are owed as much but have given no details, and those whose new details
 * are still in their cooling-off period (a batch leaves them out).
 */
export interface PayoutDueDto {
  minimum: number;
  creators: number;
  amount: number;
  withoutDetails: number;
  waiting: WaitingCreatorDto[];
}

/** A creator owed at least the minimum whose new payout details cannot be paid yet. */
export interface WaitingCreatorDto {
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  /** Dollars. */
  amount: number;
  /** ISO 8601: when their details may first be paid. */
  usableFrom: string;
}

/** GET /api/admin/payouts: the batches, newest first, and what the next one would pay. */
export interface AdminPayoutListResponse {
  success: true;
  payouts: Omit<AdminPayoutDto, "lines">[];
  total: number;
  /** At the default minimum. */
  due: PayoutDueDto;
}

/** GET /api/admin/payouts/preview. */
export interface AdminPayoutPreviewResponse {
  success: true;
  due: PayoutDueDto;
}

export interface AdminPayoutResponse {
  success: true;
  payout: AdminPayoutDto;
  /** Creating a batch: who was owed the minimum but left out because their details are new. */
  leftOut?: WaitingCreatorDto[];
}

/** A creator's own payout, as their profile lists it (paid batches only). */
export interface CreatorPayoutDto {
  /** The line's id: GET /api/payouts/:id/statement. */
  _id: string;
  paidAt: string;
  amount: number;
  method: PayoutMethod;
  /** "BSB 062-000 ••••••123" or the PayPal email. */
  paidTo: string;
  orders: number;
}

/** One order on a statement. */
export interface StatementLineDto {
  orderNumber: string;
  paidAt: string;
  /** Commission earned on the order, what refunds and disputes took back, and what this payout pays. */
  commission: number;
  reversed: number;
  /** Paid before on this order, and what this payout pays for it (negative: taken back). */
  earlierPaid: number;
  amount: number;
}

/**
 * GET /api/payouts/:id/statement. A recipient-created tax invoice when the creator gave an ABN and
 * is registered for GST: amounts then include GST, shown as one eleventh.
 */
export interface PayoutStatementDto {
  _id: string;
  status: PayoutStatusDto;
  /** "Recipient created tax invoice" or "Commission statement". */
  title: string;
  isTaxInvoice: boolean;
  /** The statement's number: the payout line's id, upper case, last 8. */
  number: string;
  issuedAt: string | null;
  period: { from: string; to: string };
  shop: { name: string; abn: string; address: string };
  creator: { name: string; email: string; abn: string | null; gstRegistered: boolean };
  paidTo: string;
  lines: StatementLineDto[];
  totalCommission: number;
  totalReversed: number;
  total: number;
  /** One eleventh of the total for a tax invoice; null otherwise. */
  gst: number | null;
  /** The words a recipient-created tax invoice carries about the agreement; null otherwise. */
  agreement: string | null;
}

export interface PayoutStatementResponse {
  success: true;
  statement: PayoutStatementDto;
}
