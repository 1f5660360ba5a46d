import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paths } from "../../web/lib/paths";
import {
  formatCents,
  formatDollars,
  formatWholeDollars,
  salePercent,
} from "../../worker/contracts/money";
import {
  addDays,
  formatShopCalendarDay,
  formatShopDay,
  shopDate,
} from "../../worker/contracts/shop-time";

describe("formatDollars", () => {
  it("writes Australian dollars with grouping and two decimals", () => {
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatDollars(19.9)).toBe("$19.90");
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(1_000_000)).toBe("$1,000,000.00");
    expect(formatDollars(-10)).toBe("-$10.00");
  });

  it("writes every amount exactly as Intl's en-AU currency format does", () => {
    const intl = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
    const cents = fc.integer({ min: -1e12 + 1, max: 1e12 - 1 });
    fc.assert(
      fc.property(cents, (c) => formatDollars(c / 100) === intl.format(c / 100)),
      { numRuns: 20_000 },
    );
    // Intl writes "-$0.00" for -0 and for negatives that round to zero; the shop writes "$0.00".
    const shown = (d: number) => intl.format(Math.round(d * 100) === 0 ? 0 : d);
    const dollars = fc.double({ min: -1e11, max: 1e11, noNaN: true });
    fc.assert(
      fc.property(dollars, (d) => formatDollars(d) === shown(d)),
      { numRuns: 20_000 },
    );
    expect(formatDollars(-0.001)).toBe("$0.00");
  });
});

describe("formatCents", () => {
  it("writes integer cents as dollars", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(5985)).toBe("$59.85");
    expect(formatCents(0)).toBe("$0.00");
  });
});

describe("salePercent", () => {
  it("rounds (original - final) / original to a whole percentage", () => {
    expect(salePercent(100, 75)).toBe(25);
    expect(salePercent(30, 20)).toBe(33);
    expect(salePercent(8, 7)).toBe(13); // 12.5 rounds up
    expect(salePercent(59.99, 44.99)).toBe(25);
  });

  it("is 0 when the item is not on sale", () => {
    expect(salePercent(40, 40)).toBe(0);
    expect(salePercent(40, 45)).toBe(0);
    expect(salePercent(0, 0)).toBe(0);
  });
});

describe("paths", () => {
  it("encodes category names and product ids into addresses", () => {
    expect(paths.collectionCategory("Wind Chimes & Bells")).toBe(
      "/collection?category=Wind%20Chimes%20%26%20Bells",
    );
    expect(paths.product("abc123")).toBe("/product/abc123");
  });
});

describe("the shop's calendar (Brisbane, UTC+10 all year)", () => {
  it("writes the shop's day of a moment, wherever the reader is", () => {
    // 14:30 UTC on 30 June is already 1 July in Brisbane.
    expect(formatShopDay("2026-06-30T14:30:00.000Z")).toMatch(/^1 July? 2026$/);
    expect(formatShopDay(Date.UTC(2026, 10, 20, 5, 30))).toBe("20 Nov 2026");
    expect(formatShopCalendarDay("2026-10-01")).toBe("1 Oct 2026");
    expect(formatShopDay("")).toBe("");
    expect(formatShopCalendarDay("soon")).toBe("soon");
  });

  it("counts days as Brisbane does", () => {
    expect(shopDate(Date.UTC(2026, 5, 30, 13, 59))).toBe("2026-06-30");
    expect(shopDate(Date.UTC(2026, 5, 30, 14, 0))).toBe("2026-07-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("says whole dollars without cents", () => {
    expect(formatWholeDollars(50)).toBe("$50");
    expect(formatWholeDollars(50.5)).toBe("$50.50");
  });
});
