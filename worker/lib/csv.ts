// The one CSV writer for every back-office export (subscribers, the GST report, payouts): RFC 4180
// quoting and CRLF line ends, text cells made safe to open in a spreadsheet, money as exact
// decimals from integer cents, and the download's headers.

/** An amount of money in a cell, written from integer cents as a plain decimal (-12.50). */
export interface CsvMoney {
  cents: number;
}

/** A cell: text (neutralised and quoted as needed), a number, money, or empty. */
export type CsvCell = string | number | CsvMoney | null | undefined;

export const csvMoney = (cents: number): CsvMoney => ({ cents });

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"): such a
 * cell gets a leading single quote, which spreadsheets show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell holding any of these is quoted, its quotes doubled (RFC 4180 section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_LINE_END = "\r\n";
/**
 * A byte-order mark first, so Excel reads the file as UTF-8 (names with accents stay right);
 * `Response.text()` and other UTF-8 decoders drop it.
 */
export const CSV_BOM = "\uFEFF";

function moneyText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`CSV money must be whole cents: ${cents}`);
  const abs = Math.abs(cents);
  const sign = cents < 0 ? "-" : "";
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** One cell as it appears in the file. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new TypeError(`CSV number must be finite: ${cell}`);
    return String(cell);
  }
  if (typeof cell === "object") return moneyText(cell.cents);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export const csvRow = (cells: readonly CsvCell[]): string =>
  cells.map(csvCell).join(",") + CSV_LINE_END;

/** A whole file: the header row, then each row. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  csvRow(header) + rows.map(csvRow).join("");

/**
 * A download saved as `filename`, never cached (exports hold customers' details): a CSV is UTF-8
 * with its byte-order mark unless it is for a machine that wants none (PayPal's payouts file).
 * `filename` is the shop's own ([A-Za-z0-9._-]), so it needs no encoding.
 */
export function csvResponse(
  csv: string,
  filename: string,
  { bom = true, contentType = "text/csv; charset=utf-8" } = {},
): Response {
  if (!/^[A-Za-z0-9._-]+$/.test(filename)) throw new TypeError(`Unsafe CSV filename: ${filename}`);
  return new Response(bom ? CSV_BOM + csv : csv, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
