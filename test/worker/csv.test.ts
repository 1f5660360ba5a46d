// The one CSV writer: RFC 4180 quoting, CRLF, text cells that a spreadsheet would run as formulas
// made inert, numbers and money written as numbers, and the download's headers.
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvMoney, csvResponse, csvRow, toCsv } from "../../worker/lib/csv";
import { parseCsv } from "./helpers/csv";

describe("csvCell", () => {
  it("writes plain text as it is", () => {
    expect(csvCell("Meera Iyer")).toBe("Meera Iyer");
    expect(csvCell("meera@example.com")).toBe("meera@example.com");
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes cells with commas, quotes, CR or LF, doubling the quotes (RFC 4180)", () => {
    expect(csvCell("Iyer, Meera")).toBe('"Iyer, Meera"');
    expect(csvCell('Meera "Mimi" Iyer')).toBe('"Meera ""Mimi"" Iyer"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each([
    ['=HYPERLINK("http://evil.test","x")', '\'=HYPERLINK("http://evil.test","x")'],
    ["+61 400 000 000", "'+61 400 000 000"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)", "'@SUM(1+1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("neutralises a text cell starting with a formula character: %j", (text, neutralised) => {
    const cell = csvCell(text);
    // Neutralised with a leading quote, then quoted if the result needs it.
    const [[read]] = parseCsv(`${cell}\r\n`) as [[string]];
    expect(read).toBe(neutralised);
    expect(read.startsWith("'")).toBe(true);
  });

  it("leaves formula characters inside a cell alone", () => {
    expect(csvCell("Tara=Tamra")).toBe("Tara=Tamra");
    expect(csvCell("a-b@c.test")).toBe("a-b@c.test");
  });

  it("neutralises text that looks like a negative number: only number cells are numbers", () => {
    expect(csvCell("-12.50")).toBe("'-12.50");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(42)).toBe("42");
  });

  it("writes money from whole cents as a plain decimal, negative too", () => {
    expect(csvCell(csvMoney(-1250))).toBe("-12.50");
    expect(csvCell(csvMoney(1250))).toBe("12.50");
    expect(csvCell(csvMoney(5))).toBe("0.05");
    expect(csvCell(csvMoney(-5))).toBe("-0.05");
    expect(csvCell(csvMoney(0))).toBe("0.00");
    expect(csvCell(csvMoney(123456789))).toBe("1234567.89");
  });

  it("refuses numbers a file cannot hold and cents that are not whole", () => {
    expect(() => csvCell(Number.NaN)).toThrow();
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => csvCell(csvMoney(12.5))).toThrow();
  });
});

describe("toCsv", () => {
  it("ends every record with CRLF and reads back as the cells (names with commas, quotes, formulas)", () => {
    const csv = toCsv(
      ["customer", "note", "total"],
      [
        ["Iyer, Meera", 'said "hi"', csvMoney(4995)],
        ["=cmd|' /C calc'!A0", "line\r\nbreak", csvMoney(-1250)],
        ["+Tara", "@admin", 3],
      ],
    );
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")[0]).toBe("customer,note,total");
    expect(parseCsv(csv)).toEqual([
      ["customer", "note", "total"],
      ["Iyer, Meera", 'said "hi"', "49.95"],
      ["'=cmd|' /C calc'!A0", "line\r\nbreak", "-12.50"],
      ["'+Tara", "'@admin", "3"],
    ]);
  });

  it("writes a header alone when there are no rows", () => {
    expect(toCsv(["email", "confirmed_at"], [])).toBe("email,confirmed_at\r\n");
    expect(csvRow([])).toBe("\r\n");
  });
});

describe("csvResponse", () => {
  it("is an attachment of UTF-8 CSV, never cached, with a byte-order mark for spreadsheets", async () => {
    const res = csvResponse("name\r\nZoë\r\n", "subscribers-2026-10-02.csv");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="subscribers-2026-10-02.csv"',
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes)).toBe(
      `${CSV_BOM}name\r\nZoë\r\n`,
    );
  });

  it("refuses a filename that would need escaping in the header", () => {
    expect(() => csvResponse("", 'a".csv')).toThrow();
    expect(() => csvResponse("", "a b.csv")).toThrow();
  });
});
