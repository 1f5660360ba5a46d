// Australian Direct Entry files (the "ABA" or "Cemtex" format every Australian bank imports): a
// payout batch of credits written as one descriptive record, a detail record per credit, an
// optional balancing debit and the file total record; and a strict reader that checks a file the
// way a bank's import does. The layout is BECS's (AusPayNet's Direct Entry procedures), as
// cemtexaba.com/aba-format and developer.azupay.com.au/docs/aba-outbound lay it out, and as the
// aba-generator (npm) and aba-file-generator (PHP) libraries write it.
import {
  ABA_TEXT_PATTERN,
  abaUnsupportedCharacters,
  BSB_PATTERN,
  MAX_ACCOUNT_NAME_LENGTH,
  normaliseAccountNumber,
  normaliseBsb,
  toAbaText,
} from "../../../contracts/payouts";

/** Every record is exactly this long, blank or zero filled, and ends with CR LF. */
export const ABA_RECORD_LENGTH = 120;
export const ABA_LINE_END = "\r\n";

/** BECS transaction codes: an externally initiated credit, and debit. */
export const ABA_CREDIT_CODE = 50;
export const ABA_DEBIT_CODE = 13;
/** The credit codes a file may carry (50 general, 51 to 57 the special-purpose credits). */
const CREDIT_CODES = new Set([50, 51, 52, 53, 54, 55, 56, 57]);
/** The detail record's indicator: blank, or one of BECS's withholding and change letters. */
const INDICATORS = new Set([" ", "N", "T", "W", "X", "Y"]);

/** An amount field holds 10 digits of cents, so $99,999,999.99 in one record and in each total. */
export const MAX_ABA_AMOUNT_CENTS = 9_999_999_999;
/** The file total record counts the detail records in 6 digits. */
export const MAX_ABA_DETAIL_RECORDS = 999_999;

const MAX_USER_NAME_LENGTH = 26;
const MAX_DESCRIPTION_LENGTH = 12;
/** The lodgement reference a credit's payee sees on their statement. */
export const MAX_REFERENCE_LENGTH = 18;
const MAX_REMITTER_LENGTH = 16;

/** The batch as a whole: who sends it, from which account, and when the banks release it. */
export interface AbaHeader {
  /** APCA's abbreviation of the shop's bank: CBA, WBC, NAB, ANZ, BQL... */
  bank: string;
  /** The "user preferred specification" the bank advised (usually the account's name), up to 26. */
  userName: string;
  /** The direct entry user id APCA allocated the shop: up to 6 digits. */
  userId: string;
  /** What the entries are, up to 12 characters: "CREATORS". */
  description: string;
  /** The day the banks release the payments, as YYYY-MM-DD (the shop's calendar: Brisbane). */
  processingDate: string;
  /**
   * The shop's own account: named on every credit as where a returned payment goes back to, and
   * debited by the balancing record.
   */
  account: { bsb: string; accountNumber: string };
  /** Who the payment is from on a creator's statement, up to 16 characters. */
  remitter: string;
  /**
   * Add one debit of the whole batch from the shop's account (code 13), so the file nets to zero.
   * Many banks' imports require it (a "self-balancing" file); others refuse it. Ask the bank.
   */
  balancingDebit?: boolean;
}

/** One payment to a creator's account. */
export interface AbaCredit {
  /** 6 digits, typed with a hyphen, a space or neither. */
  bsb: string;
  /** 5 to 9 digits (spaces and hyphens ignored); leading zeros are kept. */
  accountNumber: string;
  /** The account's name, up to 32 characters. */
  accountName: string;
  /** Whole cents, more than 0. */
  amountCents: number;
  /** What the creator's statement shows ("lodgement reference"), up to 18 characters. */
  reference: string;
}

/** A batch or file that no bank would accept; the message says which record and field, and why. */
export class AbaError extends Error {
  override name = "AbaError";
}

// ---------------------------------------------------------------------------------------------
// Writing

const blank = (width: number) => " ".repeat(width);
const leftJustified = (text: string, width: number) => text.padEnd(width, " ");
const rightJustified = (text: string, width: number) => text.padStart(width, " ");
const zeroFilled = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * Text as the file carries it: transliterated (contracts/payouts.ts toAbaText) and upper case, or
 * an error naming the field. Too long is an error, never cut short: a cut name could pay no one.
 */
function abaText(value: unknown, field: string, max: number): string {
  if (typeof value !== "string") throw new AbaError(`${field} is missing`);
  const text = toAbaText(value);
  if (text === "") throw new AbaError(`${field} is empty`);
  const unsupported = abaUnsupportedCharacters(text);
  if (unsupported.length > 0) {
    const list = unsupported.map((ch) => JSON.stringify(ch)).join(", ");
    throw new AbaError(`${field} has characters a bank file cannot carry: ${list}`);
  }
  if (text.length > max) {
    throw new AbaError(`${field} is ${text.length} characters; the file holds at most ${max}`);
  }
  return text.toUpperCase();
}

// Neither checker repeats the value it refuses: an account number must not reach a log.
function bsbOf(value: unknown, field: string): string {
  const bsb = typeof value === "string" ? normaliseBsb(value) : null;
  if (bsb === null) throw new AbaError(`${field} must be 6 digits, such as 062-000`);
  return bsb;
}

function accountNumberOf(value: unknown, field: string): string {
  const digits = typeof value === "string" ? normaliseAccountNumber(value) : null;
  if (digits === null) throw new AbaError(`${field} must be 5 to 9 digits, not all zeros`);
  return digits;
}

function amountOf(cents: unknown, field: string): number {
  if (typeof cents !== "number" || !Number.isSafeInteger(cents)) {
    throw new AbaError(`${field} must be a whole number of cents`);
  }
  if (cents <= 0) throw new AbaError(`${field} must be more than 0 cents`);
  if (cents > MAX_ABA_AMOUNT_CENTS) {
    throw new AbaError(`${field} is more than a record can hold ($99,999,999.99)`);
  }
  return cents;
}

/** "2026-03-31" as DDMMYY ("310326"), or an error when it is not a calendar day. */
function ddmmyy(date: unknown): string {
  const match = typeof date === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const [, year = "", month = "", day = ""] = match ?? [];
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (!match || parsed.toISOString().slice(0, 10) !== date) {
    throw new AbaError("The processing date must be a calendar day written YYYY-MM-DD");
  }
  return `${day}${month}${year.slice(2)}`;
}

/** Makes sure a record is exactly 120 characters; anything else is a fault in this module. */
function record(...fields: string[]): string {
  const line = fields.join("");
  if (line.length !== ABA_RECORD_LENGTH) {
    throw new Error(`ABA record is ${line.length} characters, not ${ABA_RECORD_LENGTH}: ${line}`);
  }
  return line;
}

interface DetailFields {
  bsb: string;
  accountNumber: string;
  code: number;
  amountCents: number;
  title: string;
  reference: string;
}

/**
 * The ABA file for a batch of credits: CR LF after every record, the last included. Throws an
 * AbaError naming the first thing a bank would refuse (credits are numbered from 1, in order).
 */
export function abaFile(header: AbaHeader, credits: readonly AbaCredit[]): string {
  if (credits.length === 0) throw new AbaError("A payout file needs at least one credit");
  const detailCount = credits.length + (header.balancingDebit ? 1 : 0);
  if (detailCount > MAX_ABA_DETAIL_RECORDS) {
    throw new AbaError(
      `A file holds at most ${MAX_ABA_DETAIL_RECORDS} detail records; this batch needs ${detailCount}`,
    );
  }

  const bank = typeof header.bank === "string" ? header.bank.trim().toUpperCase() : "";
  if (!/^[A-Z]{3}$/.test(bank)) {
    throw new AbaError("The bank must be its 3-letter abbreviation, such as CBA or WBC");
  }
  const userId = typeof header.userId === "string" ? header.userId.trim() : "";
  if (!/^\d{1,6}$/.test(userId)) {
    throw new AbaError("The direct entry user id must be the 6 digits the bank gave");
  }
  const userName = abaText(header.userName, "The user name", MAX_USER_NAME_LENGTH);
  const description = abaText(header.description, "The description", MAX_DESCRIPTION_LENGTH);
  const processingDate = ddmmyy(header.processingDate);
  const remitter = abaText(header.remitter, "The remitter", MAX_REMITTER_LENGTH);
  const traceBsb = bsbOf(header.account?.bsb, "The shop's BSB");
  const traceAccount = accountNumberOf(header.account?.accountNumber, "The shop's account number");

  const details: DetailFields[] = [];
  let creditTotal = 0;
  credits.forEach((credit, i) => {
    const which = `Credit ${i + 1}`;
    const amountCents = amountOf(credit.amountCents, `${which}'s amount`);
    creditTotal += amountCents;
    if (creditTotal > MAX_ABA_AMOUNT_CENTS) {
      throw new AbaError(
        "The credits add up to more than a file's total can hold ($99,999,999.99)",
      );
    }
    details.push({
      bsb: bsbOf(credit.bsb, `${which}'s BSB`),
      accountNumber: accountNumberOf(credit.accountNumber, `${which}'s account number`),
      code: ABA_CREDIT_CODE,
      amountCents,
      title: abaText(credit.accountName, `${which}'s account name`, MAX_ACCOUNT_NAME_LENGTH),
      reference: abaText(credit.reference, `${which}'s reference`, MAX_REFERENCE_LENGTH),
    });
  });
  const debitTotal = header.balancingDebit ? creditTotal : 0;
  if (header.balancingDebit) {
    details.push({
      bsb: traceBsb,
      accountNumber: traceAccount,
      code: ABA_DEBIT_CODE,
      amountCents: creditTotal,
      title: userName,
      reference: description,
    });
  }

  const records = [
    record(
      "0",
      blank(17),
      "01", // reel sequence number: one file, one reel
      bank,
      blank(7),
      leftJustified(userName, 26),
      zeroFilled(Number(userId), 6),
      leftJustified(description, 12),
      processingDate,
      blank(40),
    ),
    ...details.map((d) =>
      record(
        "1",
        d.bsb,
        rightJustified(d.accountNumber, 9),
        " ", // indicator: not a changed account, no tax withheld
        String(d.code),
        zeroFilled(d.amountCents, 10),
        leftJustified(d.title, 32),
        leftJustified(d.reference, 18),
        traceBsb,
        rightJustified(traceAccount, 9),
        leftJustified(remitter, 16),
        zeroFilled(0, 8), // withholding tax
      ),
    ),
    record(
      "7",
      "999-999",
      blank(12),
      zeroFilled(Math.abs(creditTotal - debitTotal), 10),
      zeroFilled(creditTotal, 10),
      zeroFilled(debitTotal, 10),
      blank(24),
      zeroFilled(details.length, 6),
      blank(40),
    ),
  ];
  return records.map((line) => line + ABA_LINE_END).join("");
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface AbaDescriptiveRecord {
  reelSequence: number;
  bank: string;
  userName: string;
  userId: string;
  description: string;
  /** YYYY-MM-DD, taking the file's two-digit year as 20YY. */
  processingDate: string;
}

export interface AbaDetailRecord {
  bsb: string;
  accountNumber: string;
  indicator: string;
  transactionCode: number;
  amountCents: number;
  accountName: string;
  reference: string;
  traceBsb: string;
  traceAccountNumber: string;
  remitter: string;
  withholdingCents: number;
}

export interface AbaTotalRecord {
  netCents: number;
  creditCents: number;
  debitCents: number;
  count: number;
}

export interface ParsedAba {
  descriptive: AbaDescriptiveRecord;
  details: AbaDetailRecord[];
  total: AbaTotalRecord;
}

/** Characters `from` to `to` of a record, counted from 1 as the format's tables count them. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/**
 * Reads an ABA file and checks what a bank's import checks: CR LF line ends, 120-character records
 * of the allowed characters, one descriptive record first and one file total record last with
 * detail records between, every field in its place and form, and the totals and count equal to
 * the detail records'. Throws an AbaError naming the record (counted from 1) that fails.
 */
export function parseAba(text: string): ParsedAba {
  const lines = text.split(ABA_LINE_END);
  if (lines.at(-1) === "") lines.pop();
  const fail = (n: number, problem: string): never => {
    throw new AbaError(`Record ${n}: ${problem}`);
  };
  lines.forEach((line, i) => {
    if (/[\r\n]/.test(line)) fail(i + 1, "records must end with CR LF");
    if (line.length !== ABA_RECORD_LENGTH) {
      fail(i + 1, `is ${line.length} characters, not ${ABA_RECORD_LENGTH}`);
    }
    if (!ABA_TEXT_PATTERN.test(line)) fail(i + 1, "has characters a bank file cannot carry");
  });
  if (lines.length < 3) {
    throw new AbaError("A file has a descriptive record, detail records and a total record");
  }

  const number = (n: number, line: string, from: number, to: number, field: string) => {
    const digits = at(line, from, to);
    if (!/^\d+$/.test(digits)) fail(n, `${field} (${from}-${to}) must be digits`);
    return Number(digits);
  };
  const isBlank = (n: number, line: string, from: number, to: number) => {
    if (at(line, from, to).trim() !== "") fail(n, `characters ${from}-${to} must be blank`);
  };
  const filled = (n: number, line: string, from: number, to: number, field: string) => {
    const value = at(line, from, to);
    if (value.trim() === "") fail(n, `${field} (${from}-${to}) is blank`);
    if (value.startsWith(" ")) fail(n, `${field} (${from}-${to}) must be left justified`);
    return value.trimEnd();
  };
  const bsb = (n: number, line: string, from: number, field: string) => {
    const value = at(line, from, from + 6);
    if (!BSB_PATTERN.test(value)) fail(n, `${field} (${from}-${from + 6}) must be 999-999`);
    return value;
  };
  const account = (n: number, line: string, from: number, field: string) => {
    const value = at(line, from, from + 8);
    if (!/^ *[\d-]*\d$/.test(value)) {
      fail(n, `${field} (${from}-${from + 8}) must be digits, right justified`);
    }
    return value.trimStart();
  };

  const first = lines[0] ?? "";
  if (first[0] !== "0") fail(1, "the first record must be the descriptive record (type 0)");
  isBlank(1, first, 2, 18);
  const reelSequence = number(1, first, 19, 20, "reel sequence number");
  const bank = at(first, 21, 23);
  if (!/^[A-Z]{3}$/.test(bank)) fail(1, "the bank (21-23) must be 3 capital letters");
  isBlank(1, first, 24, 30);
  const userName = filled(1, first, 31, 56, "the user name");
  number(1, first, 57, 62, "the user id");
  const description = filled(1, first, 63, 74, "the description");
  const [dd, mm, yy] = [at(first, 75, 76), at(first, 77, 78), at(first, 79, 80)];
  const processingDate = `20${yy}-${mm}-${dd}`;
  const day = new Date(`${processingDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== processingDate) {
    fail(1, "the processing date (75-80) must be a day written DDMMYY");
  }
  isBlank(1, first, 81, 120);
  const descriptive: AbaDescriptiveRecord = {
    reelSequence,
    bank,
    userName,
    userId: at(first, 57, 62),
    description,
    processingDate,
  };

  const details = lines.slice(1, -1).map((line, i): AbaDetailRecord => {
    const n = i + 2;
    if (line[0] !== "1") fail(n, "records between the first and the last must be detail records");
    const indicator = at(line, 18, 18);
    if (!INDICATORS.has(indicator)) fail(n, "the indicator (18) must be blank, N, T, W, X or Y");
    const transactionCode = number(n, line, 19, 20, "the transaction code");
    if (transactionCode !== ABA_DEBIT_CODE && !CREDIT_CODES.has(transactionCode)) {
      fail(n, "the transaction code (19-20) must be 13 or 50 to 57");
    }
    return {
      bsb: bsb(n, line, 2, "the BSB"),
      accountNumber: account(n, line, 9, "the account number"),
      indicator,
      transactionCode,
      amountCents: number(n, line, 21, 30, "the amount"),
      accountName: filled(n, line, 31, 62, "the account name"),
      reference: at(line, 63, 80).trimEnd(),
      traceBsb: bsb(n, line, 81, "the trace BSB"),
      traceAccountNumber: account(n, line, 88, "the trace account number"),
      remitter: filled(n, line, 97, 112, "the remitter"),
      withholdingCents: number(n, line, 113, 120, "the withholding tax"),
    };
  });

  const last = lines.length;
  const final = lines[last - 1] ?? "";
  if (final[0] !== "7") fail(last, "the last record must be the file total record (type 7)");
  if (at(final, 2, 8) !== "999-999") fail(last, "characters 2-8 must be 999-999");
  isBlank(last, final, 9, 20);
  const total: AbaTotalRecord = {
    netCents: number(last, final, 21, 30, "the net total"),
    creditCents: number(last, final, 31, 40, "the credit total"),
    debitCents: number(last, final, 41, 50, "the debit total"),
    count: number(last, final, 75, 80, "the count"),
  };
  isBlank(last, final, 51, 74);
  isBlank(last, final, 81, 120);

  const sum = (code: (c: number) => boolean) =>
    details.filter((d) => code(d.transactionCode)).reduce((s, d) => s + d.amountCents, 0);
  const credits = sum((c) => c !== ABA_DEBIT_CODE);
  const debits = sum((c) => c === ABA_DEBIT_CODE);
  if (total.creditCents !== credits) fail(last, "the credit total is not the credits' sum");
  if (total.debitCents !== debits) fail(last, "the debit total is not the debits' sum");
  if (total.netCents !== Math.abs(credits - debits)) {
    fail(last, "the net total is not the difference of the credit and debit totals");
  }
  if (total.count !== details.length) fail(last, "the count is not the number of detail records");
  return { descriptive, details, total };
}
