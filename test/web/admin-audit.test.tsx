// The audit log in words: each change as before → after in the units a person reads, on a
// product's History and on the Activity screen.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { changesOf, describeAction } from "../../web/admin/activity/audit-format";
import type { AuditEntryDto } from "../../worker/contracts/admin";
import { formatShopMoment as formatWhen } from "../../worker/contracts/shop-time";
import { CATEGORY_ID, json, makeEntry, makeProduct, openAdmin, PRODUCT_ID } from "./admin-helpers";
import { expectTexts } from "./helpers";

const NAMES = new Map([
  [CATEGORY_ID, "Copper Water Bottles"],
  ["b".repeat(24), "Wind Chimes"],
]);

/** Signed in, on the audit log, which holds `entries`. */
function openAudit(entries: AuditEntryDto[]) {
  openAdmin("/audit", {
    "GET /api/admin/audit": () => json(200, { success: true, entries }),
  });
}

describe("an audit entry's changes", () => {
  it("reads a product edit as before → after: dollars, names, Yes/No, statuses", () => {
    const entry = makeEntry({
      before: {
        finalPriceCents: 5000,
        categoryId: CATEGORY_ID,
        premium: false,
        status: "draft",
        tags: ["copper"],
      },
      after: {
        finalPriceCents: 4495,
        categoryId: "b".repeat(24),
        premium: true,
        status: "active",
        tags: ["copper", "gift"],
      },
    });
    expect(describeAction(entry)).toBe("Product edited");
    expect(changesOf(entry, NAMES).map((c) => [c.label, c.before, c.after])).toEqual([
      ["Final price", "$50.00", "$44.95"],
      ["Category", "Copper Water Bottles", "Wind Chimes"],
      ["Premium", "No", "Yes"],
      ["Status", "Draft", "Active"],
      ["Tags", "copper", "copper, gift"],
    ]);
  });

  it("leaves out what did not change, and lists a new product's values", () => {
    expect(
      changesOf(
        makeEntry({
          before: { name: "Bell", variant: null },
          after: { name: "Bell", variant: "Large" },
        }),
      ).map((c) => [c.label, c.before, c.after]),
    ).toEqual([["Variant", "—", "Large"]]);
    const created = changesOf(
      makeEntry({
        action: "create",
        before: null,
        after: { name: "Bell", originalPriceCents: 1999 },
      }),
    );
    expect(created.map((c) => [c.kind, c.label, c.after])).toEqual([
      ["set", "Name", "Bell"],
      ["set", "Original price", "$19.99"],
    ]);
  });

  it("reads a stock change with its reason, and photo changes by position", () => {
    const stock = makeEntry({
      entity: "stock",
      action: "adjust",
      before: { onHand: 2, reserved: 1, available: 1 },
      after: { onHand: 7, delta: 5, reason: "Delivery" },
    });
    expect(describeAction(stock)).toBe("Stock adjusted");
    expect(changesOf(stock).map((c) => [c.kind, c.label, c.before, c.after])).toEqual([
      ["changed", "Stock count", "2", "7"],
      ["note", "Change", undefined, "+5"],
      ["note", "Reason", undefined, "Delivery"],
    ]);

    const photos = (keys: string[], alts: Record<string, string> = {}) => ({
      images: keys.map((key) => ({ key, alt: alts[key] ?? "" })),
    });
    const reorder = makeEntry({
      entity: "image",
      action: "reorder",
      before: photos(["p/a.jpg", "p/b.jpg", "p/c.jpg"]),
      after: photos(["p/b.jpg", "p/a.jpg", "p/c.jpg"]),
    });
    expect(describeAction(reorder)).toBe("Photos reordered");
    expect(changesOf(reorder).map((c) => [c.label, c.before, c.after])).toEqual([
      ["Order", "1, 2, 3", "2, 1, 3"],
    ]);
    const upload = makeEntry({
      entity: "image",
      action: "upload",
      before: photos(["p/a.jpg"]),
      after: photos(["p/a.jpg", "p/new.webp"], { "p/a.jpg": "Front" }),
    });
    expect(changesOf(upload).map((c) => [c.label, c.before, c.after])).toEqual([
      ["Photos", "1", "2"],
      ["Added", undefined, "photo 2"],
      ["Alt text of photo 1", "—", "Front"],
    ]);
  });

  it("reads sign-ins, two-step tries and downloads in words, never as codes", () => {
    const read = (entry: Parameters<typeof changesOf>[0]) => [
      describeAction(entry),
      ...changesOf(entry).map((c) => `${c.label}: ${c.after}`),
    ];
    const account = (action: string, after: Record<string, unknown>) =>
      makeEntry({ entity: "account", entityId: "u-admin", action, after });
    expect(read(account("sign_in", { network: "203.0.113.0/24" }))).toEqual([
      "Signed in",
      "From network: 203.0.113.0/24",
    ]);
    expect(read(account("second_factor.passed", { network: "2001:db8:abcd::/48" }))).toEqual([
      "Passed two-step sign-in",
      "From network: 2001:db8:abcd::/48",
    ]);
    expect(read(account("second_factor.failed", { network: "198.51.100.0/24" }))).toEqual([
      "Wrong two-step code",
      "From network: 198.51.100.0/24",
    ]);
    expect(
      read(account("export.subscribers", { file: "subscribers-2026-11-20.csv", rows: 42 })),
    ).toEqual([
      "Newsletter subscribers downloaded",
      "File: subscribers-2026-11-20.csv",
      "Rows: 42",
    ]);
    expect(
      read(
        account("export.gst", {
          file: "gst-2026-07-01-to-2026-09-30.csv",
          rows: 3,
          from: "2026-07-01",
          to: "2026-09-30",
        }),
      ),
    ).toEqual([
      "GST report downloaded",
      "File: gst-2026-07-01-to-2026-09-30.csv",
      "Rows: 3",
      "From: 2026-07-01",
      "To: 2026-09-30",
    ]);
    const payout = (action: string, after: Record<string, unknown>) =>
      makeEntry({ entity: "payout", entityId: "c".repeat(24), action, after });
    expect(
      read(
        payout("export.aba", {
          file: "payout-CCCCCCCC-2026-12-01.aba",
          lines: 2,
          totalCents: 12345,
          processingDate: "2026-12-01",
        }),
      ),
    ).toEqual([
      "Bank file (ABA) downloaded",
      "File: payout-CCCCCCCC-2026-12-01.aba",
      "Payments: 2",
      "Total: $123.45",
      "Processing date: 2026-12-01",
    ]);
    expect(describeAction(payout("export.paypal", {}))).toBe("PayPal file downloaded");
  });

  it("writes times in Brisbane, whatever the machine's zone", () => {
    // 05:30 UTC is 3:30 pm in Brisbane (UTC+10, no daylight saving).
    expect(formatWhen("2026-11-20T05:30:00.000Z")).toMatch(/20 Nov 2026,? 3:30\s?pm/i);
    expect(formatWhen("2026-06-30T14:00:00.000Z")).toMatch(/1 July? 2026,? 12:00\s?am/i);
  });
});

describe("a product's History", () => {
  it("shows who changed what and when, newest first, before → after", async () => {
    const { api } = openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () =>
        json(200, { success: true, product: makeProduct() }),
      "GET /api/admin/audit": () =>
        json(200, {
          success: true,
          entries: [
            makeEntry({
              id: "e2",
              action: "update",
              before: { finalPriceCents: 5000, status: "draft" },
              after: { finalPriceCents: 4500, status: "active" },
              at: "2026-11-21T01:15:00.000Z",
            }),
            makeEntry({
              id: "e1",
              entity: "stock",
              action: "set",
              actor: { id: "u2", email: "helper@example.com" },
              before: { onHand: null, reserved: 0, available: null },
              after: { onHand: 10, reason: "count set to 10" },
            }),
          ],
        }),
    });
    const history = (await screen.findByRole("heading", { name: "History" })).closest("section");
    if (!history) throw new Error("no history");
    const entries = await within(history).findAllByRole("listitem");
    expect(entries).toHaveLength(2);
    const [edit, count] = entries as [HTMLElement, HTMLElement];
    expectTexts(within(edit), ["Product edited", "owner@example.com", /21 Nov 2026,? 11:15\s?am/i]);
    const price = within(edit).getByText("Final price").closest("div");
    expect(price?.querySelector("del")?.textContent).toBe("from $50.00");
    expect(price?.querySelector("ins")?.textContent).toBe(" to $45.00");
    expect(price?.textContent).toContain("→");
    const status = within(edit).getByText("Status").closest("div");
    expect(status?.querySelector("del")?.textContent).toContain("Draft");
    expect(status?.querySelector("ins")?.textContent).toContain("Active");
    // No raw JSON anywhere.
    expect(history.textContent).not.toMatch(/[{}"]/);

    expectTexts(within(count), ["Stock count set", "helper@example.com", "count set to 10"]);
    // One product's entries: its own, its stock's and its photos'.
    expect(api.callsTo("GET", "/api/admin/audit")[0]?.query.get("id")).toBe(PRODUCT_ID);
  });
});

describe("Activity", () => {
  it("lists the whole log, links each entry to its record, and filters by kind", async () => {
    const { api } = openAdmin("/audit", {
      "GET /api/admin/audit": ({ query }) =>
        json(200, {
          success: true,
          entries:
            query.get("entity") === "category"
              ? [
                  makeEntry({
                    id: "c1",
                    entity: "category",
                    entityId: CATEGORY_ID,
                    before: { name: "Copper" },
                    after: { name: "Copper Water Bottles" },
                  }),
                ]
              : Array.from({ length: 50 }, (_, i) =>
                  makeEntry({
                    id: `p${i}`,
                    before: { name: `Old ${i}` },
                    after: { name: `Product ${i}` },
                  }),
                ),
        }),
    });
    expect(await screen.findByRole("heading", { name: "Activity" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Activity · Back-office"));
    expect((await screen.findAllByText("Product edited")).length).toBe(50);
    expect(screen.getByRole("link", { name: "Product 0" }).getAttribute("href")).toBe(
      `/products/${PRODUCT_ID}`,
    );

    // A full page has a next one.
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/audit")).toHaveLength(2));
    expect(api.callsTo("GET", "/api/admin/audit")[1]?.query.get("page")).toBe("2");

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "category" } });
    expect(await screen.findByText("Category edited")).toBeTruthy();
    const last = api.callsTo("GET", "/api/admin/audit").at(-1);
    expect(last?.query.get("entity")).toBe("category");
    expect(last?.query.get("page")).toBeNull();
    expect(screen.getByRole("link", { name: "Copper Water Bottles" }).getAttribute("href")).toBe(
      "/categories",
    );
    expect(screen.queryByRole("link", { name: "Next" })).toBeNull();
  });

  it("says which order an entry is about, and its codes in words", async () => {
    const orderId = "6a1b2c3d4e5f60718293a4b5";
    openAudit([
      makeEntry({
        id: "o1",
        entity: "order",
        entityId: orderId,
        action: "refund",
        after: {
          amount: 22,
          reason: "requested_by_customer",
          restock: [{ productId: PRODUCT_ID, quantity: 2 }],
          stripeRefundId: "re_test_1",
        },
      }),
      makeEntry({
        id: "c1",
        entity: "creator",
        entityId: "5eed5eed5eed5eed5eed5e01",
        action: "status",
        before: { status: "pending", note: "" },
        after: { status: "approved", note: "" },
      }),
    ]);
    const refund = (await screen.findByText("Refund made")).closest("li");
    const creator = screen.getByText("Creator status changed").closest("li");
    if (!refund || !creator) throw new Error("no entries");
    expect(within(refund).getByRole("link", { name: "order #8293a4b5" }).getAttribute("href")).toBe(
      `/orders/${orderId}`,
    );
    expect(within(refund).getByText("Requested by the customer")).toBeTruthy();
    expect(within(refund).getByText("2 units")).toBeTruthy();
    expect(within(creator).getByText("Pending")).toBeTruthy();
    expect(within(creator).getByText("Approved")).toBeTruthy();
    expect(refund.closest("ol")?.textContent).not.toMatch(/requested_by|productId|[{}"]/);
  });

  it("shows who signed in and downloaded what, each download linked to its payout", async () => {
    openAudit([
      makeEntry({
        id: "x1",
        entity: "payout",
        entityId: "c".repeat(24),
        action: "export.paypal",
        after: { file: "payout-CCCCCCCC-paypal.csv", lines: 1, totalCents: 5900 },
      }),
      makeEntry({
        id: "x2",
        entity: "account",
        entityId: "u-admin",
        action: "sign_in",
        after: { network: "203.0.113.0/24" },
      }),
    ]);
    const download = (await screen.findByText("PayPal file downloaded")).closest("li");
    const signedIn = screen.getByText("Signed in").closest("li");
    if (!download || !signedIn) throw new Error("no entries");
    expect(within(download).getByRole("link", { name: "the payout" }).getAttribute("href")).toBe(
      `/payouts/${"c".repeat(24)}`,
    );
    expect(within(download).getByText("$59.00")).toBeTruthy();
    expectTexts(within(signedIn), ["From network", "203.0.113.0/24", "owner@example.com"]);
    // Words, not the Worker's codes.
    const log = download.closest("ol");
    expect(log?.textContent).toContain("Signed in");
    expect(log?.textContent).not.toMatch(/export\.|sign_in|second_factor|Cents|[{}"]/);
  });
});
