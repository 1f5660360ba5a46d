import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../../web/features/account/messages";
import { EMPTY_ACTIVITY } from "../../web/features/creator-stats/components/activity-chart";
import {
  formatConversion,
  readStats,
  scaleTop,
} from "../../web/features/creator-stats/creator-stats";
import { CreatorProfilePage } from "../../web/routes/creator-profile";
import type { CreatorDay } from "../../worker/contracts/account";
import { json, openScreen } from "./account-helpers";
import { press } from "./helpers";

/** 30 days of April 2026, oldest first, with `activity` on chosen days (1-based). */
function april(activity: Record<number, [clicks: number, sales: number]> = {}): CreatorDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const [clicks, sales] = activity[i + 1] ?? [0, 0];
    return { date: `2026-04-${String(i + 1).padStart(2, "0")}`, clicks, sales };
  });
}

const CREATOR = {
  name: "Priya Nair",
  email: "priya@example.com",
  bio: "",
  socials: "",
  payoutEmail: "",
  affiliateCode: "PRIYA10",
  shareUrl: "http://localhost:8787/r/PRIYA10",
  stats: {
    clicks: 24,
    sales: 3,
    earnings: 42.5,
    conversionRate: 0.125,
    earningsByStatus: { pending: 12.5, approved: 20, paid: 10 },
    daily: april({ 1: [4, 0], 12: [15, 2], 30: [5, 1] }),
  },
};

function showCreator(creator: unknown) {
  localStorage.setItem("token", "t1");
  openScreen("/creator-profile", <CreatorProfilePage />, {
    "GET /api/user/me": () =>
      json(200, { success: true, user: { _id: "c1", name: "Priya", role: "creator" } }),
    "GET /api/user/creator/me": () => json(200, { success: true, creator }),
  });
  return screen.findByText("PRIYA10");
}

const stubClipboard = (writeText: (text: string) => Promise<void>) => {
  const mock = vi.fn(writeText);
  Object.defineProperty(navigator, "clipboard", { value: { writeText: mock }, configurable: true });
  return mock;
};

const tiles = () => [...document.querySelectorAll(".creator-tiles dd")].map((dd) => dd.textContent);

describe("creator profile: share link and copy", () => {
  it("shows the server's share link and copies it with a toast", async () => {
    const writeText = stubClipboard(async () => {});
    await showCreator(CREATOR);
    expect(screen.getByText("http://localhost:8787/r/PRIYA10")).toBeTruthy();
    await press("Copy share link");
    expect(await screen.findByText("Share link copied!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith("http://localhost:8787/r/PRIYA10");
  });

  it("still copies the affiliate code", async () => {
    const writeText = stubClipboard(async () => {});
    await showCreator(CREATOR);
    await press("Copy affiliate code");
    expect(await screen.findByText("Affiliate code copied!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith("PRIYA10");
  });

  it("says so when the clipboard refuses, for either button", async () => {
    stubClipboard(async () => {
      throw new DOMException("Denied", "NotAllowedError");
    });
    await showCreator(CREATOR);
    await press("Copy share link");
    expect(await screen.findByText(ACCOUNT_MESSAGES.linkCopyFailed)).toBeTruthy();
    expect(screen.queryByText("Share link copied!")).toBeNull();
    await press("Copy affiliate code");
    expect(await screen.findByText(ACCOUNT_MESSAGES.codeCopyFailed)).toBeTruthy();
    expect(ACCOUNT_MESSAGES.linkCopyFailed).toBe("Could not copy — select the link and copy it.");
  });

  it("builds the link from the code when the answer has no shareUrl", async () => {
    await showCreator({ ...CREATOR, shareUrl: undefined });
    expect(screen.getByText(`${window.location.origin}/r/PRIYA10`)).toBeTruthy();
  });
});

describe("creator profile: numbers", () => {
  it("shows the conversion rate with one decimal", async () => {
    await showCreator(CREATOR);
    expect(document.querySelector(".creator-conversion")?.textContent).toBe("Conversion 12.5%");
  });

  it("shows 0% without clicks", async () => {
    await showCreator({
      ...CREATOR,
      stats: { ...CREATOR.stats, clicks: 0, sales: 0, conversionRate: 0 },
    });
    expect(document.querySelector(".creator-conversion")?.textContent).toBe("Conversion 0%");
  });

  it("shows clicks, sales and earnings; the split by state is the Earnings section's", async () => {
    await showCreator(CREATOR);
    expect(tiles()).toEqual(["24", "3", "$42.50"]);
    expect(document.querySelector(".creator-earnings")).toBeNull();
  });

  it("copes with an older answer: clicks, sales and earnings only", async () => {
    await showCreator({ ...CREATOR, stats: { clicks: 24, sales: 3, earnings: 5 } });
    expect(document.querySelector(".creator-conversion")?.textContent).toBe("Conversion 12.5%");
    expect(tiles()).toEqual(["24", "3", "$5.00"]);
    expect(screen.getByText(EMPTY_ACTIVITY)).toBeTruthy();
  });

  it("copes with a record without stats or share link", async () => {
    const { shareUrl: _, stats: __, ...bare } = CREATOR;
    await showCreator({ ...bare, stats: { earningsByStatus: null, daily: "soon" } });
    const tiles = [...document.querySelectorAll(".creator-tiles dd")].map((dd) => dd.textContent);
    expect(tiles).toEqual(["0", "0", "$0.00"]);
    expect(document.querySelector(".creator-conversion")?.textContent).toBe("Conversion 0%");
    expect(screen.getByText(EMPTY_ACTIVITY)).toBeTruthy();
  });
});

describe("creator profile: 30-day chart", () => {
  it("draws 30 days, names its totals and lists every day for screen readers", async () => {
    await showCreator(CREATOR);
    const chart = screen.getByRole("img", {
      name: "Clicks and sales per day, 1 Apr to 30 Apr: 24 clicks and 3 sales in total.",
    });
    expect(chart.querySelectorAll(".activity-day")).toHaveLength(30);
    expect(chart.querySelectorAll(".activity-bar.is-clicks[height='0']")).toHaveLength(27);
    expect(chart.querySelectorAll(".activity-bar.is-sales:not([height='0'])")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Last 30 days" })).toBeTruthy();
    const dates = [...document.querySelectorAll(".activity-dates span")].map((s) => s.textContent);
    expect(dates).toEqual(["1 Apr", "30 Apr"]);

    const table = screen.getByRole("table", { name: "Clicks and sales per day" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    const cells = (row: HTMLElement | undefined) =>
      [...(row?.querySelectorAll("th, td") ?? [])].map((cell) => cell.textContent);
    expect(cells(rows[11])).toEqual([expect.stringMatching(/^Sun,? 12 Apr 2026$/), "15", "2"]);
    expect(cells(rows[0])).toEqual([expect.stringMatching(/^\D*1 Apr 2026$/), "4", "0"]);
    expect(screen.queryByText(EMPTY_ACTIVITY)).toBeNull();
  });

  it("shows the empty state when every day is zero", async () => {
    await showCreator({ ...CREATOR, stats: { ...CREATOR.stats, daily: april() } });
    expect(screen.getByText(EMPTY_ACTIVITY)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("creator stats helpers", () => {
  it("formats conversion: 0% without clicks, one decimal otherwise", () => {
    expect(formatConversion(readStats({ clicks: 0, sales: 0 }))).toBe("0%");
    expect(formatConversion(readStats({ clicks: 24, sales: 3, conversionRate: 0.125 }))).toBe(
      "12.5%",
    );
    expect(formatConversion(readStats({ clicks: 24, sales: 3 }))).toBe("12.5%");
    expect(formatConversion(readStats({ clicks: 3, sales: 1 }))).toBe("33.3%");
    expect(formatConversion(readStats({ clicks: 4, sales: 0 }))).toBe("0.0%");
  });

  it("reads whatever the answer holds, defaulting to 0 and empty", () => {
    expect(readStats(undefined)).toEqual({
      clicks: 0,
      sales: 0,
      earnings: 0,
      conversionRate: 0,
      earningsByStatus: { pending: 0, approved: 0, paid: 0 },
      daily: [],
    });
    const read = readStats({
      clicks: "12",
      sales: Number.NaN,
      earningsByStatus: { pending: 1.5 },
      daily: [{ date: "2026-04-01", clicks: 2 }, null, { clicks: 9 }],
    });
    expect(read.clicks).toBe(0);
    expect(read.sales).toBe(0);
    expect(read.earningsByStatus).toEqual({ pending: 1.5, approved: 0, paid: 0 });
    expect(read.daily).toEqual([{ date: "2026-04-01", clicks: 2, sales: 0 }]);
  });

  it("rounds the chart's scale up to a readable top", () => {
    expect([0, 1, 3, 7, 14, 41, 120, 1000].map(scaleTop)).toEqual([1, 1, 4, 10, 20, 50, 200, 1000]);
  });
});
