// The ABA (Direct Entry) file a payout batch exports: 120-character records with CR LF, every field
// where BECS puts it, totals and count that balance, the optional balancing debit, the file read
// back against its batch, and the batches and characters no bank would take refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AbaCredit,
  AbaError,
  abaFile,
  MAX_ABA_AMOUNT_CENTS,
  MAX_ABA_DETAIL_RECORDS,
  parseAba,
} from "../../worker/modules/payouts/methods/aba";
import { ABA_HEADER } from "./helpers/payouts";

const BATCH: AbaCredit[] = [
  {
    bsb: "082-088",
    accountNumber: "87654321",
    accountName: "Meera Iyer",
    amountCents: 12_345,
    reference: "TT PAYOUT 7F3A",
  },
  {
    bsb: "063 123",
    accountNumber: "012345",
    accountName: "Zoë O’Brien",
    amountCents: 5_000,
    reference: "TT PAYOUT 7F3A",
  },
  {
    bsb: "733000",
    accountNumber: "123456789",
    accountName: "Priya Nair",
    amountCents: 98_765_432,
    reference: "TT PAYOUT 7F3A",
  },
];
const BATCH_TOTAL = 12_345 + 5_000 + 98_765_432;

/** The file's records, checking it ends with CR LF (the split leaves one empty string after it). */
function recordsOf(file: string): string[] {
  const parts = file.split("\r\n");
  expect(parts.at(-1)).toBe("");
  return parts.slice(0, -1);
}

/** Characters `from` to `to`, counted from 1 as the format's tables do. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** `line` with `text` written over it from character `from` (counted from 1). */
const overwrite = (line: string, from: number, text: string) =>
  line.slice(0, from - 1) + text + line.slice(from - 1 + text.length);

/** The error abaFile throws, for its message. */
function abaErrorOf(run: () => unknown): AbaError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AbaError);
    return err as AbaError;
  }
  throw new Error("expected an AbaError");
}

describe("abaFile: the records", () => {
  const file = abaFile(ABA_HEADER, BATCH);
  const records = recordsOf(file);

  it("writes a descriptive record, a detail record per credit and a total record, each 120 characters and ended by CR LF", () => {
    expect(records.map((r) => r[0])).toEqual(["0", "1", "1", "1", "7"]);
    for (const record of records) expect(record).toHaveLength(120);
    // No line break but the CR LF after each record, and only printable ASCII.
    expect(file.replaceAll("\r\n", "")).toMatch(/^[\x20-\x7e]+$/);
  });

  it.each([
    [1, 1, "0"],
    [2, 18, " ".repeat(17)],
    [19, 20, "01"],
    [21, 23, "CBA"],
    [24, 30, " ".repeat(7)],
    [31, 56, "TAMRA AND TARA PTY LTD    "],
    [57, 62, "301500"],
    [63, 74, "CREATORS    "],
    [75, 80, "310326"],
    [81, 120, " ".repeat(40)],
  ])("the descriptive record holds characters %i-%i", (from, to, expected) => {
    expect(at(records[0] ?? "", from, to)).toBe(expected);
  });

  it.each([
    [1, 1, "1"],
    [2, 8, "082-088"],
    [9, 17, " 87654321"],
    [18, 18, " "],
    [19, 20, "50"],
    [21, 30, "0000012345"],
    [31, 62, "MEERA IYER".padEnd(32)],
    [63, 80, "TT PAYOUT 7F3A    "],
    [81, 87, "064-000"],
    [88, 96, " 10458921"],
    [97, 112, "TAMRA AND TARA  "],
    [113, 120, "00000000"],
  ])("a detail record holds characters %i-%i", (from, to, expected) => {
    expect(at(records[1] ?? "", from, to)).toBe(expected);
  });

  it("writes BSBs as 999-999 and account numbers right justified, leading zeros kept", () => {
    expect(at(records[2] ?? "", 2, 17)).toBe("063-123   012345");
    expect(at(records[3] ?? "", 2, 17)).toBe("733-000123456789");
    expect(at(records[3] ?? "", 21, 30)).toBe("0098765432");
  });

  it.each([
    [1, 8, "7999-999"],
    [9, 20, " ".repeat(12)],
    [21, 30, String(BATCH_TOTAL).padStart(10, "0")],
    [31, 40, String(BATCH_TOTAL).padStart(10, "0")],
    [41, 50, "0000000000"],
    [51, 74, " ".repeat(24)],
    [75, 80, "000003"],
    [81, 120, " ".repeat(40)],
  ])("the total record holds characters %i-%i", (from, to, expected) => {
    expect(at(records[4] ?? "", from, to)).toBe(expected);
  });

  it("upper-cases the bank and zero fills a short user id", () => {
    const short = recordsOf(abaFile({ ...ABA_HEADER, bank: "wbc", userId: "1234" }, BATCH));
    expect(at(short[0] ?? "", 21, 23)).toBe("WBC");
    expect(at(short[0] ?? "", 57, 62)).toBe("001234");
  });
});

describe("abaFile: the balancing debit", () => {
  const balanced = abaFile({ ...ABA_HEADER, balancingDebit: true }, BATCH);
  const records = recordsOf(balanced);

  it("adds one debit (code 13) of the whole batch from the shop's own account, last of the details", () => {
    expect(records.map((r) => r[0])).toEqual(["0", "1", "1", "1", "1", "7"]);
    const debit = records[4] ?? "";
    expect(debit).toHaveLength(120);
    expect(at(debit, 2, 17)).toBe("064-000 10458921");
    expect(at(debit, 19, 20)).toBe("13");
    expect(at(debit, 21, 30)).toBe(String(BATCH_TOTAL).padStart(10, "0"));
    expect(at(debit, 31, 62)).toBe("TAMRA AND TARA PTY LTD".padEnd(32));
    expect(at(debit, 81, 96)).toBe("064-000 10458921");
  });

  it("nets the file to zero: credits equal debits and the count includes the debit", () => {
    const total = records[5] ?? "";
    expect(at(total, 21, 30)).toBe("0000000000");
    expect(at(total, 31, 40)).toBe(String(BATCH_TOTAL).padStart(10, "0"));
    expect(at(total, 41, 50)).toBe(String(BATCH_TOTAL).padStart(10, "0"));
    expect(at(total, 75, 80)).toBe("000004");
    expect(parseAba(balanced).total).toEqual({
      netCents: 0,
      creditCents: BATCH_TOTAL,
      debitCents: BATCH_TOTAL,
      count: 4,
    });
  });

  it("is left out unless asked for", () => {
    expect(abaFile({ ...ABA_HEADER, balancingDebit: false }, BATCH)).toBe(
      abaFile(ABA_HEADER, BATCH),
    );
    expect(parseAba(abaFile(ABA_HEADER, BATCH)).details.map((d) => d.transactionCode)).toEqual([
      50, 50, 50,
    ]);
  });
});

describe("abaFile read back by parseAba", () => {
  it("gives back the batch: BSBs, account numbers, names, amounts, references, totals and count", () => {
    const parsed = parseAba(abaFile(ABA_HEADER, BATCH));
    expect(parsed.descriptive).toEqual({
      reelSequence: 1,
      bank: "CBA",
      userName: "TAMRA AND TARA PTY LTD",
      userId: "301500",
      description: "CREATORS",
      processingDate: "2026-03-31",
    });
    expect(parsed.details).toEqual([
      {
        bsb: "082-088",
        accountNumber: "87654321",
        indicator: " ",
        transactionCode: 50,
        amountCents: 12_345,
        accountName: "MEERA IYER",
        reference: "TT PAYOUT 7F3A",
        traceBsb: "064-000",
        traceAccountNumber: "10458921",
        remitter: "TAMRA AND TARA",
        withholdingCents: 0,
      },
      expect.objectContaining({
        bsb: "063-123",
        accountNumber: "012345",
        accountName: "ZOE O'BRIEN",
      }),
      expect.objectContaining({
        bsb: "733-000",
        accountNumber: "123456789",
        amountCents: 98_765_432,
      }),
    ]);
    expect(parsed.total).toEqual({
      netCents: BATCH_TOTAL,
      creditCents: BATCH_TOTAL,
      debitCents: 0,
      count: 3,
    });
  });

  const letter = fc.constantFrom(
    ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  );
  const punctuation = fc.constantFrom(..."&',-./+$!%()*#=:?[]_^@");
  const word = fc.string({
    unit: fc.oneof({ weight: 5, arbitrary: letter }, punctuation),
    minLength: 1,
    maxLength: 8,
  });
  const words = (max: number) =>
    fc
      .array(word, { minLength: 1, maxLength: 4 })
      .map((ws) => ws.join(" "))
      .filter((s) => s.length <= max);
  const credit = fc.record({
    bsb: fc.stringMatching(/^\d{3}-\d{3}$/),
    accountNumber: fc.stringMatching(/^\d{5,9}$/).filter((s) => !/^0+$/.test(s)),
    accountName: words(32),
    // 40 credits of at most $1,000,000 stay inside the file's $99,999,999.99 total.
    amountCents: fc.integer({ min: 1, max: 100_000_000 }),
    reference: words(18),
  });

  it("holds for any batch: 120-character records, each credit back as written, totals and count balanced", () => {
    fc.assert(
      fc.property(
        fc.array(credit, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (batch, balancingDebit) => {
          const file = abaFile({ ...ABA_HEADER, balancingDebit }, batch);
          for (const record of recordsOf(file)) expect(record).toHaveLength(120);
          const parsed = parseAba(file);
          const sum = batch.reduce((s, c) => s + c.amountCents, 0);
          expect(parsed.details.slice(0, batch.length)).toEqual(
            batch.map((c) =>
              expect.objectContaining({
                bsb: c.bsb,
                accountNumber: c.accountNumber,
                accountName: c.accountName.toUpperCase(),
                amountCents: c.amountCents,
                reference: c.reference.toUpperCase(),
                transactionCode: 50,
              }),
            ),
          );
          expect(parsed.total).toEqual({
            netCents: balancingDebit ? 0 : sum,
            creditCents: sum,
            debitCents: balancingDebit ? sum : 0,
            count: batch.length + (balancingDebit ? 1 : 0),
          });
        },
      ),
      { numRuns: 200, seed: 20_260_331 },
    );
  });
});

describe("abaFile refuses what a bank would refuse", () => {
  const one = BATCH[0] as AbaCredit;
  const withCredit = (change: Partial<AbaCredit>) => () =>
    abaFile(ABA_HEADER, [one, { ...one, ...change }]);

  it.each([["06200"], ["0620000"], ["062-0000"], ["062_000"], ["abc-def"], [""]])(
    "a BSB that is not 6 digits: %j",
    (bsb) => {
      expect(withCredit({ bsb })).toThrow("Credit 2's BSB must be 6 digits, such as 062-000");
    },
  );

  it.each([["1234"], ["1234567890"], ["12a456"], ["000000"], [""], ["12.345"]])(
    "an account number that is not 5 to 9 digits: %j",
    (accountNumber) => {
      expect(withCredit({ accountNumber })).toThrow(
        "Credit 2's account number must be 5 to 9 digits, not all zeros",
      );
    },
  );

  it.each([
    [0, "must be more than 0 cents"],
    [-100, "must be more than 0 cents"],
    [12.5, "must be a whole number of cents"],
    [Number.NaN, "must be a whole number of cents"],
    [Number.POSITIVE_INFINITY, "must be a whole number of cents"],
    [MAX_ABA_AMOUNT_CENTS + 1, "is more than a record can hold"],
  ])("an amount of %d cents", (amountCents, message) => {
    expect(withCredit({ amountCents })).toThrow(`Credit 2's amount ${message}`);
  });

  it("takes the largest amount a record holds", () => {
    const file = abaFile(ABA_HEADER, [{ ...one, amountCents: MAX_ABA_AMOUNT_CENTS }]);
    expect(parseAba(file).total.creditCents).toBe(MAX_ABA_AMOUNT_CENTS);
  });

  it("credits that add up to more than the total record holds", () => {
    const half = { ...one, amountCents: 5_000_000_000 };
    expect(() => abaFile(ABA_HEADER, [half, half])).toThrow("The credits add up to more than");
  });

  it("an empty batch", () => {
    expect(() => abaFile(ABA_HEADER, [])).toThrow("A payout file needs at least one credit");
  });

  it("more detail records than the total record counts, the balancing debit included", () => {
    const many = new Array<AbaCredit>(MAX_ABA_DETAIL_RECORDS + 1).fill(one);
    expect(() => abaFile(ABA_HEADER, many)).toThrow("A file holds at most 999999 detail records");
    const full = new Array<AbaCredit>(MAX_ABA_DETAIL_RECORDS).fill(one);
    expect(() => abaFile({ ...ABA_HEADER, balancingDebit: true }, full)).toThrow(
      "this batch needs 1000000",
    );
  });

  it.each([
    [{ accountName: "" }, "Credit 2's account name is empty"],
    [{ accountName: "   " }, "Credit 2's account name is empty"],
    [
      { accountName: "M".repeat(33) },
      "Credit 2's account name is 33 characters; the file holds at most 32",
    ],
    [
      { reference: "R".repeat(19) },
      "Credit 2's reference is 19 characters; the file holds at most 18",
    ],
    [{ reference: "" }, "Credit 2's reference is empty"],
  ])("text that is missing or too long: %j", (change, message) => {
    expect(withCredit(change)).toThrow(message);
  });

  it.each([
    [{ bank: "CB" }, "The bank must be its 3-letter abbreviation"],
    [{ bank: "C8A" }, "The bank must be its 3-letter abbreviation"],
    [{ userId: "30150A" }, "The direct entry user id must be the 6 digits"],
    [{ userId: "1234567" }, "The direct entry user id must be the 6 digits"],
    [{ userName: "T".repeat(27) }, "The user name is 27 characters; the file holds at most 26"],
    [
      { description: "CREATOR PAYOUTS" },
      "The description is 15 characters; the file holds at most 12",
    ],
    [
      { remitter: "Tamra and Tara Pty Ltd" },
      "The remitter is 22 characters; the file holds at most 16",
    ],
    [{ processingDate: "2026-02-30" }, "The processing date must be a calendar day"],
    [{ processingDate: "31/03/2026" }, "The processing date must be a calendar day"],
    [{ processingDate: "2026-13-01" }, "The processing date must be a calendar day"],
    [{ account: { bsb: "06400", accountNumber: "10458921" } }, "The shop's BSB must be 6 digits"],
    [{ account: { bsb: "064-000", accountNumber: "1045" } }, "The shop's account number must be"],
  ])("a header that is wrong: %j", (change, message) => {
    expect(() => abaFile({ ...ABA_HEADER, ...change }, BATCH)).toThrow(message);
  });

  it("never repeats an account number in its message (messages reach logs)", () => {
    for (const accountNumber of ["1234567890", "98765432x"]) {
      const err = abaErrorOf(withCredit({ accountNumber }));
      expect(err.message).not.toContain(accountNumber);
      expect(err.message).not.toMatch(/\d{5}/);
    }
  });
});

describe("abaFile: characters", () => {
  const named = (accountName: string) => {
    const parsed = parseAba(abaFile(ABA_HEADER, [{ ...(BATCH[0] as AbaCredit), accountName }]));
    return parsed.details[0]?.accountName;
  };

  it.each([
    ["José Ñúñez", "JOSE NUNEZ"],
    ["Søren Æbelø", "SOREN AEBELO"],
    ["Łucja Straße", "LUCJA STRASSE"],
    ["Ann–Marie O’Neil", "ANN-MARIE O'NEIL"],
    ["Ｍｅｅｒａ Iyer", "MEERA IYER"],
    ["  Meera\n\tIyer  ", "MEERA IYER"],
    ["Iyer & Co (Trust) #2", "IYER & CO (TRUST) #2"],
  ])("writes %j as %j: transliterated, upper case, spacing tidied", (name, written) => {
    expect(named(name)).toBe(written);
  });

  it.each([
    ["Meera 😀", '"😀"'],
    ["美恵", '"美", "恵"'],
    ['Meera "Mimi" Iyer', '"\\""'],
    ["Iyer; Meera", '";"'],
    ["Iyer\\Meera", '"\\\\"'],
    ["<Meera>", '"<", ">"'],
    ["Meera ~ {Iyer} | `x`", '"~", "{", "}", "|"'],
  ])("refuses %j, naming the characters no bank file can carry", (name, list) => {
    const err = abaErrorOf(() =>
      abaFile(ABA_HEADER, [{ ...(BATCH[0] as AbaCredit), accountName: name }]),
    );
    expect(err.message).toBe(
      `Credit 1's account name has characters a bank file cannot carry: ${list}`,
    );
  });

  it("refuses the same in the header's texts and the reference", () => {
    expect(() => abaFile({ ...ABA_HEADER, remitter: "Tamra;Tara" }, BATCH)).toThrow(
      'The remitter has characters a bank file cannot carry: ";"',
    );
    expect(() =>
      abaFile(ABA_HEADER, [{ ...(BATCH[0] as AbaCredit), reference: "Payout\u0000" }]),
    ).toThrow("Credit 1's reference has characters a bank file cannot carry");
  });
});

describe("parseAba refuses a file a bank would refuse", () => {
  const records = recordsOf(abaFile(ABA_HEADER, BATCH));
  const fileOf = (lines: string[]) => lines.map((l) => `${l}\r\n`).join("");
  const withRecord = (index: number, line: string) =>
    fileOf(records.map((r, i) => (i === index ? line : r)));

  it("reads a file without the CR LF after its last record", () => {
    expect(parseAba(records.join("\r\n")).total.count).toBe(3);
  });

  it.each([
    [
      "a record one character short",
      () => withRecord(1, (records[1] ?? "").slice(0, 119)),
      "Record 2: is 119 characters, not 120",
    ],
    ["LF line ends", () => records.join("\n"), "Record 1: records must end with CR LF"],
    [
      "no total record",
      () => fileOf(records.slice(0, -1)),
      "Record 4: the last record must be the file total record",
    ],
    [
      "no descriptive record",
      () => fileOf(records.slice(1)),
      "Record 1: the first record must be the descriptive record",
    ],
    [
      "a BSB without its hyphen",
      () => withRecord(1, overwrite(records[1] ?? "", 2, "0820088")),
      "Record 2: the BSB (2-8) must be 999-999",
    ],
    [
      "a credit total that is not the credits' sum",
      () => withRecord(4, overwrite(records[4] ?? "", 31, "0000000001")),
      "Record 5: the credit total is not the credits' sum",
    ],
    [
      "a net total that does not balance",
      () => withRecord(4, overwrite(records[4] ?? "", 21, "0000000001")),
      "Record 5: the net total is not the difference",
    ],
    [
      "a count that is not the detail records'",
      () => withRecord(4, overwrite(records[4] ?? "", 75, "000004")),
      "Record 5: the count is not the number of detail records",
    ],
    [
      "an amount with a letter in it",
      () => withRecord(2, overwrite(records[2] ?? "", 21, "00000050O0")),
      "Record 3: the amount (21-30) must be digits",
    ],
    [
      "an unknown transaction code",
      () => withRecord(1, overwrite(records[1] ?? "", 19, "99")),
      "Record 2: the transaction code (19-20) must be 13 or 50 to 57",
    ],
    [
      "a character outside the set",
      () => withRecord(1, overwrite(records[1] ?? "", 40, ";")),
      "Record 2: has characters a bank file cannot carry",
    ],
  ])("%s", (_what, tamper, message) => {
    expect(() => parseAba(tamper())).toThrow(message);
  });
});
