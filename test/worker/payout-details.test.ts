// A creator's payout details (POST /api/user/creator/payout-details): the bank and PayPal forms the
// schema takes and refuses, BSBs and account numbers as people type them, the ABN checksum, and
// the mask that is the only way an account number leaves the Worker.
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isAbn } from "../../worker/contracts/fields";
import {
  maskAccountNumber,
  normaliseAccountNumber,
  normaliseBsb,
  PAYOUT_MESSAGES,
  type PayoutDetails,
  PayoutDetailsSchema,
  toPayoutDetailsDto,
} from "../../worker/contracts/payouts";
import { abaFile, parseAba } from "../../worker/modules/payouts/methods/aba";
import { ABA_HEADER } from "./helpers/payouts";

/** A real ABN's shape: 51 824 753 556 passes the ATO's checksum. */
const ABN = "51 824 753 556";

const BANK = {
  method: "bank",
  bsb: "062-000",
  accountNumber: "12345678",
  accountName: "Meera Iyer",
};

const parse = (input: unknown) => v.safeParse(PayoutDetailsSchema, input);

/** The issues of a refused input, as the route's validator reports them (path and message). */
function issuesOf(input: unknown): { path: string | null; message: string }[] {
  const result = parse(input);
  expect(result.success).toBe(false);
  return (result.issues ?? []).map((issue) => ({
    path: v.getDotPath(issue),
    message: issue.message,
  }));
}

/** The message a creator sees: the first issue's (worker/http/validate.ts). */
const messageOf = (input: unknown) => issuesOf(input)[0]?.message;

describe("PayoutDetailsSchema: a bank account", () => {
  it("takes a BSB, account number and name, with no ABN and not registered for GST", () => {
    expect(v.parse(PayoutDetailsSchema, BANK)).toEqual({
      method: "bank",
      bsb: "062-000",
      accountNumber: "12345678",
      accountName: "Meera Iyer",
      abn: null,
      gstRegistered: false,
    });
  });

  it.each([["062-000"], ["062000"], ["062 000"], [" 062-000 "]])(
    "reads the BSB %j as 062-000",
    (bsb) => {
      expect(v.parse(PayoutDetailsSchema, { ...BANK, bsb })).toMatchObject({ bsb: "062-000" });
    },
  );

  it.each([
    ["12 345 678", "12345678"],
    ["1234-5678", "12345678"],
    ["012345", "012345"],
    ["12345", "12345"],
    ["123456789", "123456789"],
  ])("reads the account number %j as %j (leading zeros kept)", (accountNumber, digits) => {
    expect(v.parse(PayoutDetailsSchema, { ...BANK, accountNumber })).toMatchObject({
      accountNumber: digits,
    });
  });

  it.each([
    ["  Meera   Iyer ", "Meera Iyer"],
    ["José O’Brien", "Jose O'Brien"],
    ["Iyer & Co (Trust)", "Iyer & Co (Trust)"],
    ["M".repeat(32), "M".repeat(32)],
  ])("keeps the account name %j as the bank file will carry it: %j", (accountName, kept) => {
    expect(v.parse(PayoutDetailsSchema, { ...BANK, accountName })).toMatchObject({
      accountName: kept,
    });
  });

  it("writes into a bank file exactly as it validated", () => {
    const details = v.parse(PayoutDetailsSchema, {
      ...BANK,
      bsb: "062 000",
      accountNumber: "0123 4567",
      accountName: "Zoë Ñúñez",
    });
    if (details.method !== "bank") throw new Error("expected bank details");
    const file = abaFile(ABA_HEADER, [
      { ...details, amountCents: 5_000, reference: "TT PAYOUT 1" },
    ]);
    expect(parseAba(file).details[0]).toMatchObject({
      bsb: "062-000",
      accountNumber: "01234567",
      accountName: "ZOE NUNEZ",
    });
  });

  it.each([["06200"], ["0620000"], ["062-0000"], ["062--000"], ["abc-def"], ["062.000"], [""]])(
    "refuses the BSB %j",
    (bsb) => {
      expect(issuesOf({ ...BANK, bsb })).toEqual([{ path: "bsb", message: PAYOUT_MESSAGES.bsb }]);
    },
  );

  it("refuses a missing or non-text BSB with the same message", () => {
    const noBsb = { method: "bank", accountNumber: "12345678", accountName: "Meera Iyer" };
    expect(messageOf(noBsb)).toBe(PAYOUT_MESSAGES.bsb);
    expect(messageOf({ ...BANK, bsb: 62000 })).toBe(PAYOUT_MESSAGES.bsb);
  });

  it.each([["1234"], ["1234567890"], ["12a456"], ["000000"], ["12.345"], [""]])(
    "refuses the account number %j",
    (accountNumber) => {
      expect(issuesOf({ ...BANK, accountNumber })).toEqual([
        { path: "accountNumber", message: PAYOUT_MESSAGES.accountNumber },
      ]);
    },
  );

  it.each([
    ["", PAYOUT_MESSAGES.accountName],
    ["   ", PAYOUT_MESSAGES.accountName],
    ["M".repeat(33), PAYOUT_MESSAGES.accountNameLength],
  ])("refuses the account name %j", (accountName, message) => {
    expect(messageOf({ ...BANK, accountName })).toBe(message);
  });

  it.each([
    ["Meera 😀", '"😀"'],
    ['Meera "Mimi" Iyer', '"""'],
    ["Iyer; Meera", '";"'],
    ["美恵", '"美", "恵"'],
  ])("refuses the account name %j, naming what a bank cannot take", (accountName, named) => {
    const message = messageOf({ ...BANK, accountName });
    expect(message).toBe(
      `Account name can't include ${named}: banks accept only letters, digits, spaces and & ' , - . / + $ ! % ( ) * # = : ? [ ] _ ^ @`,
    );
  });
});

describe("PayoutDetailsSchema: PayPal", () => {
  it("takes an email, trimmed and lower-cased", () => {
    expect(
      v.parse(PayoutDetailsSchema, { method: "paypal", email: " Meera@Example.COM " }),
    ).toEqual({ method: "paypal", email: "meera@example.com", abn: null, gstRegistered: false });
  });

  it("drops bank fields sent with it", () => {
    const parsed = v.parse(PayoutDetailsSchema, {
      ...BANK,
      method: "paypal",
      email: "m@example.com",
    });
    expect(parsed).not.toHaveProperty("accountNumber");
    expect(parsed).not.toHaveProperty("bsb");
  });

  it.each([
    [{}, PAYOUT_MESSAGES.paypalEmail],
    [{ email: "" }, PAYOUT_MESSAGES.paypalEmail],
    [{ email: "meera" }, PAYOUT_MESSAGES.paypalEmailInvalid],
    [{ email: `${"m".repeat(250)}@example.com` }, PAYOUT_MESSAGES.paypalEmailInvalid],
  ])("refuses %j", (fields, message) => {
    expect(issuesOf({ method: "paypal", ...fields })[0]).toEqual({ path: "email", message });
  });
});

describe("PayoutDetailsSchema: the method", () => {
  it.each([
    [{}],
    [{ method: "cheque" }],
    [{ method: "BANK" }],
    [{ method: 1 }],
    [null],
    [[]],
    ["bank"],
  ])("refuses %j with one message a creator can act on", (input) => {
    expect(messageOf(input)).toBe(PAYOUT_MESSAGES.method);
  });
});

describe("PayoutDetailsSchema: ABN and GST", () => {
  it.each([[ABN], ["51824753556"], ["53 004 085 616"]])(
    "takes the ABN %j as its 11 digits",
    (abn) => {
      expect(v.parse(PayoutDetailsSchema, { ...BANK, abn })).toMatchObject({
        abn: abn.replace(/\s/g, ""),
      });
    },
  );

  it.each([[""], [null], [undefined]])("reads the ABN %j as none", (abn) => {
    expect(v.parse(PayoutDetailsSchema, { ...BANK, abn })).toMatchObject({ abn: null });
  });

  it.each([
    ["51 824 753 557"],
    ["15 824 753 556"],
    ["5182475355"],
    ["518247535561"],
    ["ABN 51824753556"],
  ])("refuses the ABN %j", (abn) => {
    expect(issuesOf({ ...BANK, abn })).toEqual([{ path: "abn", message: PAYOUT_MESSAGES.abn }]);
  });

  it("takes GST registration with an ABN, for PayPal too", () => {
    expect(v.parse(PayoutDetailsSchema, { ...BANK, abn: ABN, gstRegistered: true })).toMatchObject({
      abn: "51824753556",
      gstRegistered: true,
    });
    expect(
      v.parse(PayoutDetailsSchema, {
        method: "paypal",
        email: "m@example.com",
        abn: ABN,
        gstRegistered: true,
      }),
    ).toMatchObject({ gstRegistered: true });
  });

  it("refuses GST registration without an ABN, on the GST field", () => {
    expect(issuesOf({ ...BANK, gstRegistered: true })).toEqual([
      { path: "gstRegistered", message: PAYOUT_MESSAGES.gstWithoutAbn },
    ]);
    expect(
      issuesOf({ method: "paypal", email: "m@example.com", abn: "", gstRegistered: true }),
    ).toEqual([{ path: "gstRegistered", message: PAYOUT_MESSAGES.gstWithoutAbn }]);
  });

  it("refuses GST registration that is not true or false", () => {
    expect(messageOf({ ...BANK, abn: ABN, gstRegistered: "yes" })).toBe(
      PAYOUT_MESSAGES.gstRegistered,
    );
  });
});

describe("isAbn (the seller's ABN and a creator's)", () => {
  it("passes ABNs whose weighted digits sum to a multiple of 89, spaces or none", () => {
    for (const abn of [ABN, "51824753556", "53 004 085 616", "12 345 678 012"]) {
      expect(isAbn(abn)).toBe(true);
    }
  });

  it("fails any single digit changed, and anything not 11 digits", () => {
    const digits = "51824753556";
    for (let i = 0; i < digits.length; i++) {
      const changed =
        digits.slice(0, i) + String((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
      expect(isAbn(changed)).toBe(false);
    }
    for (const abn of ["", "5182475355", "518247535560", "5182475355a", "51-824-753-556"]) {
      expect(isAbn(abn)).toBe(false);
    }
  });
});

describe("normaliseBsb and normaliseAccountNumber", () => {
  it("agree with the schema: null for what it refuses", () => {
    expect(normaliseBsb("062 000")).toBe("062-000");
    expect(normaliseBsb("06-2000")).toBeNull();
    expect(normaliseAccountNumber(" 0012 345 ")).toBe("0012345");
    expect(normaliseAccountNumber("00000")).toBeNull();
  });
});

describe("maskAccountNumber", () => {
  it("shows the last 3 digits behind a fixed mask", () => {
    expect(maskAccountNumber("12345678")).toBe("••••••678");
    expect(maskAccountNumber("123456789")).toBe("••••••789");
    expect(maskAccountNumber("12345")).toBe("••••••345");
    expect(maskAccountNumber("1234 5678")).toBe("••••••678");
  });

  it("shows no digit of a value too short to be an account number", () => {
    for (const short of ["", "1", "123", "1234"]) expect(maskAccountNumber(short)).toBe("••••••");
  });

  it("never shows more than 3 digits, and never a whole number, whatever it is given", () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{1,12}$/), fc.string()), (input) => {
        const masked = maskAccountNumber(input);
        const shown = masked.replace(/\D/g, "");
        expect(shown.length).toBeLessThanOrEqual(3);
        const digits = input.replace(/\D/g, "");
        if (digits.length > 0) expect(shown).not.toBe(digits);
        // The same length for every number: the mask does not tell how many digits there are.
        expect(masked.length === 6 || masked.length === 9).toBe(true);
      }),
      { numRuns: 500, seed: 20_260_331 },
    );
  });
});

describe("toPayoutDetailsDto", () => {
  it("masks the account number and carries nothing else of it", () => {
    const details = v.parse(PayoutDetailsSchema, { ...BANK, accountNumber: "987654321", abn: ABN });
    const dto = toPayoutDetailsDto(details);
    expect(dto).toEqual({
      method: "bank",
      bsb: "062-000",
      accountNumberMasked: "••••••321",
      accountName: "Meera Iyer",
      abn: "51824753556",
      gstRegistered: false,
    });
    const json = JSON.stringify(dto);
    expect(json).not.toContain("987654321");
    expect(json).not.toContain("987654");
    expect(json).not.toContain('accountNumber"');
  });

  it("never carries an account number, for any valid one", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{5,9}$/).filter((s) => !/^0+$/.test(s)),
        (accountNumber) => {
          const details: PayoutDetails = {
            method: "bank",
            bsb: "062-000",
            accountNumber,
            accountName: "Meera Iyer",
            abn: null,
            gstRegistered: false,
          };
          const json = JSON.stringify(toPayoutDetailsDto(details));
          expect(json).not.toContain(accountNumber);
          expect(json.replace(/"bsb":"\d{3}-\d{3}"/, "").replace(/\D/g, "")).toBe(
            accountNumber.slice(-3),
          );
        },
      ),
      { numRuns: 300, seed: 20_260_331 },
    );
  });

  it("carries a PayPal email as it is", () => {
    const details = v.parse(PayoutDetailsSchema, { method: "paypal", email: "m@example.com" });
    expect(toPayoutDetailsDto(details)).toEqual({
      method: "paypal",
      email: "m@example.com",
      abn: null,
      gstRegistered: false,
    });
  });
});
