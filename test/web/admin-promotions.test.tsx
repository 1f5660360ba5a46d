// The back-office's promotions: the list on the list kit (search, state tabs, pages), the form on
// the form kit (every field of PromotionInputSchema, as the Worker takes it), a promotion's page
// (its figures and orders, pause / resume / end, single-use codes and their CSV).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PromotionDto, PromotionOrderDto } from "../../worker/contracts/promotions";
import {
  backOfficeTabs,
  CATEGORY_ID,
  captureDownloads,
  csvFile,
  json,
  makeProduct,
  openAdmin,
  PRODUCT_ID,
} from "./admin-helpers";
import { expectTexts, press, textsByRole, type } from "./helpers";

const PROMOTIONS = "/api/admin/promotions";
const PROMO_ID = "9a8b7c6d5e4f30211203a4b5";
const ONE = `${PROMOTIONS}/${PROMO_ID}`;

function makePromotion(overrides: Partial<PromotionDto> = {}): PromotionDto {
  return {
    id: PROMO_ID,
    name: "Spring sale",
    automatic: false,
    code: "SPRING15",
    kind: "percent",
    percentOff: 15,
    amountOffCents: null,
    scope: "order",
    categoryIds: [],
    productIds: [],
    minSpendCents: 5000,
    startsAt: "2026-11-01T09:00",
    endsAt: "2026-11-30T23:59",
    usageLimit: 100,
    perCustomerLimit: 1,
    stacksWithCreator: false,
    status: "active",
    state: "running",
    batchCodes: 0,
    stats: { orders: 12, held: 2, revenueCents: 145_030, discountCents: 21_755 },
    createdAt: "2026-10-20T05:00:00.000Z",
    updatedAt: "2026-10-20T05:00:00.000Z",
    ...overrides,
  };
}

const ORDER: PromotionOrderDto = {
  orderId: "6a1b2c3d4e5f60718293a4b5",
  date: "2026-11-20T05:00:00.000Z",
  customer: "Asha Rao",
  code: "SPRING15",
  totalCents: 12_275,
  discountCents: 1_500,
};

const listOf =
  (promotions: PromotionDto[], total = promotions.length) =>
  () =>
    json(200, { success: true, promotions, total, page: 1, pageSize: 20 });

const detailOf =
  (promotion: PromotionDto, orders: PromotionOrderDto[] = [ORDER]) =>
  () =>
    json(200, { success: true, promotion, orders });

/** The Worker saving a promotion: the body it was sent, as the stored promotion. */
const savedAs = (promotion: PromotionDto) => () =>
  json(200, { success: true, promotion, message: "Promotion saved" });

describe("the promotions list", () => {
  it("is a back-office tab, and shows name, code or Automatic, discount, uses and state", async () => {
    openAdmin("/promotions", {
      [`GET ${PROMOTIONS}`]: listOf(
        [
          makePromotion(),
          makePromotion({
            id: "b".repeat(24),
            name: "Chime weekend",
            automatic: true,
            code: null,
            scope: "categories",
            categoryIds: [CATEGORY_ID],
            percentOff: 20,
            usageLimit: null,
            state: "scheduled",
          }),
          makePromotion({
            id: "c".repeat(24),
            name: "Ten off",
            code: "TENOFF",
            kind: "fixed",
            percentOff: null,
            amountOffCents: 1000,
            batchCodes: 50,
            status: "paused",
            state: "paused",
          }),
        ],
        45,
      ),
    });
    const spring = (await screen.findByRole("link", { name: "Spring sale" })).closest("tr");
    expectTexts(within(spring as HTMLElement), [
      "SPRING15",
      "15% off the order",
      "12 / 100",
      "Running",
    ]);
    const weekend = screen.getByRole("link", { name: "Chime weekend" }).closest("tr");
    expectTexts(within(weekend as HTMLElement), [
      "Automatic",
      "20% off 1 category",
      "12 / no limit",
      "Scheduled",
    ]);
    const ten = screen.getByRole("link", { name: "Ten off" }).closest("tr");
    expectTexts(within(ten as HTMLElement), [
      "TENOFF + 50 single-use codes",
      "$10.00 off the order",
      "Paused",
    ]);
    expect(screen.getByText("1–3 of 45 promotions")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Spring sale" }).getAttribute("href")).toBe(
      `/promotions/${PROMO_ID}`,
    );
    expect(backOfficeTabs()).toContain("Promotions");
    expect(
      textsByRole(screen.getByRole("navigation", { name: "Filter by state" }), "link"),
    ).toEqual(["All", "Running", "Scheduled", "Paused", "Expired", "Ended"]);
  });

  it("searches, filters by state and pages through the Worker's list", async () => {
    const { api } = openAdmin("/promotions", {
      [`GET ${PROMOTIONS}`]: listOf([makePromotion()], 41),
    });
    await screen.findByRole("link", { name: "Spring sale" });
    fireEvent.click(screen.getByRole("link", { name: "Paused" }));
    await waitFor(() =>
      expect(api.callsTo("GET", PROMOTIONS).at(-1)?.query.get("state")).toBe("paused"),
    );
    type("Search promotions by name or code", "spring");
    await press("Search");
    await waitFor(() =>
      expect(api.callsTo("GET", PROMOTIONS).at(-1)?.query.get("q")).toBe("spring"),
    );
    expect(api.callsTo("GET", PROMOTIONS).at(-1)?.query.get("state")).toBe("paused");
    fireEvent.click(await screen.findByRole("link", { name: /Next/ }));
    await waitFor(() => expect(api.callsTo("GET", PROMOTIONS).at(-1)?.query.get("page")).toBe("2"));
  });

  it("says when there are none yet, with a way to make the first", async () => {
    openAdmin("/promotions", { [`GET ${PROMOTIONS}`]: listOf([]) });
    expect(await screen.findByText("No promotions yet.")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Create the first promotion" }).getAttribute("href"),
    ).toBe("/promotions/new");
  });
});

describe("the promotion form", () => {
  it("sends every field as the Worker takes it: cents, Brisbane times, chosen categories", async () => {
    const { api, router } = openAdmin("/promotions/new", {
      [`POST ${PROMOTIONS}`]: () =>
        json(201, { success: true, promotion: makePromotion(), message: "Promotion created" }),
      [`GET ${ONE}`]: detailOf(makePromotion()),
    });
    await screen.findByLabelText("Name");
    type("Name", "Chime weekend");
    type(/^Code/, "CHIME20");
    fireEvent.change(screen.getByLabelText("Per cent off"), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText("Applies to"), { target: { value: "categories" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Wind Chimes" }));
    type(/^Minimum spend/, "49.95");
    type(/^Starts/, "2026-12-05T09:00");
    type(/^Ends/, "2026-12-07T23:59");
    type(/^Usage limit/, "200");
    type(/^Per-customer limit/, "1");
    fireEvent.click(screen.getByRole("checkbox", { name: "Stacks with a creator's code" }));
    await press("Create promotion");

    expect(await api.onlyBodySent("POST", PROMOTIONS)).toEqual({
      name: "Chime weekend",
      automatic: false,
      code: "CHIME20",
      kind: "percent",
      percentOff: 20,
      amountOffCents: null,
      scope: "categories",
      categoryIds: ["b".repeat(24)],
      productIds: [],
      minSpendCents: 4995,
      startsAt: "2026-12-05T09:00",
      endsAt: "2026-12-07T23:59",
      usageLimit: 200,
      perCustomerLimit: 1,
      stacksWithCreator: true,
      status: "active",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/promotions/${PROMO_ID}`));
  });

  it("makes a fixed amount off chosen products, or an automatic free delivery", async () => {
    const { api } = openAdmin("/promotions/new", {
      "GET /api/admin/products": () =>
        json(200, { success: true, products: [makeProduct()], total: 1 }),
      [`POST ${PROMOTIONS}`]: () =>
        json(201, { success: true, promotion: makePromotion(), message: "Promotion created" }),
      [`GET ${ONE}`]: detailOf(makePromotion()),
    });
    await screen.findByLabelText("Name");
    type("Name", "Lota deal");
    fireEvent.click(screen.getByRole("checkbox", { name: "Automatic offer (no code)" }));
    expect(screen.queryByLabelText(/^Code/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "fixed" } });
    type("Amount off", "7.50");
    fireEvent.change(screen.getByLabelText("Applies to"), { target: { value: "products" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Copper Kalash Lota" }));
    expect(screen.getByText("1 product chosen: Copper Kalash Lota.")).toBeTruthy();
    await press("Create promotion");
    expect(await api.onlyBodySent("POST", PROMOTIONS)).toMatchObject({
      automatic: true,
      code: null,
      kind: "fixed",
      percentOff: null,
      amountOffCents: 750,
      scope: "products",
      categoryIds: [],
      productIds: [PRODUCT_ID],
      minSpendCents: null,
      startsAt: null,
      usageLimit: null,
    });
  });

  it("refuses what the Worker would, sending nothing: no name, over 100%, end before start", async () => {
    const { api } = openAdmin("/promotions/new");
    await screen.findByLabelText("Name");
    fireEvent.change(screen.getByLabelText("Per cent off"), { target: { value: "150" } });
    type(/^Code/, "X");
    await press("Create promotion");
    expectTexts(screen, [
      "Name is required",
      "At most 100%",
      "Codes are 3-32 letters, digits or dashes",
    ]);

    type("Name", "Backwards");
    type(/^Code/, "BACK10");
    type("Per cent off", "10");
    type(/^Starts/, "2026-12-07T09:00");
    type(/^Ends/, "2026-12-05T09:00");
    await press("Create promotion");
    await waitFor(() =>
      expect(document.querySelector(".form-alert")?.textContent).toBe(
        "The end must come after the start",
      ),
    );
    expect(api.callsTo("POST", PROMOTIONS)).toEqual([]);
  });
});

describe("a promotion's page", () => {
  it("shows what it did and the orders that used it, each linked to its order", async () => {
    openAdmin(`/promotions/${PROMO_ID}`, { [`GET ${ONE}`]: detailOf(makePromotion()) });
    const figures = within(await screen.findByRole("region", { name: "What it did" }));
    expect(figures.getByText("Orders").nextElementSibling?.textContent).toBe("12");
    expect(figures.getByText("Held by open checkouts").nextElementSibling?.textContent).toBe("2");
    expect(figures.getByText("Revenue").nextElementSibling?.textContent).toBe("$1,450.30");
    expect(figures.getByText("Discount given").nextElementSibling?.textContent).toBe("$217.55");
    const orders = within(screen.getByRole("region", { name: "Orders that used it" }));
    expect(orders.getByRole("link", { name: "#8293a4b5" }).getAttribute("href")).toBe(
      `/orders/${ORDER.orderId}`,
    );
    expectTexts(orders, ["Asha Rao", "$122.75", "$15.00"]);
    // The form shows it as stored: dollars, Brisbane times.
    expect(screen.getByLabelText<HTMLInputElement>(/^Minimum spend/).value).toBe("50.00");
    expect(screen.getByLabelText<HTMLInputElement>(/^Starts/).value).toBe("2026-11-01T09:00");
  });

  it("pauses, resumes and ends it by saving the whole promotion with its new status", async () => {
    let stored = makePromotion();
    const { api } = openAdmin(`/promotions/${PROMO_ID}`, {
      [`GET ${ONE}`]: detailOf(stored),
      [`POST ${ONE}`]: (call) => {
        const status = (call.body as { status: PromotionDto["status"] }).status;
        stored = makePromotion({
          status,
          state: status === "active" ? "running" : status,
          updatedAt: status,
        });
        return savedAs(stored)();
      },
    });
    await press("Pause");
    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();
    expect(api.callsTo("POST", ONE)[0]?.body).toEqual({
      name: "Spring sale",
      automatic: false,
      code: "SPRING15",
      kind: "percent",
      percentOff: 15,
      amountOffCents: null,
      scope: "order",
      categoryIds: [],
      productIds: [],
      minSpendCents: 5000,
      startsAt: "2026-11-01T09:00",
      endsAt: "2026-11-30T23:59",
      usageLimit: 100,
      perCustomerLimit: 1,
      stacksWithCreator: false,
      status: "paused",
    });
    await press("Resume");
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(api.callsTo("POST", ONE)[1]?.body).toMatchObject({ status: "active" });

    await press("End");
    await press("End promotion");
    await waitFor(() => expect(screen.queryByRole("button", { name: "End" })).toBeNull());
    expect(api.callsTo("POST", ONE)[2]?.body).toMatchObject({ status: "ended" });
    expect(screen.getAllByText("Ended").length).toBeGreaterThan(0);
  });

  it("generates a batch of single-use codes and downloads them as CSV", async () => {
    const saved = captureDownloads();
    const { api } = openAdmin(`/promotions/${PROMO_ID}`, {
      [`GET ${ONE}`]: detailOf(makePromotion()),
      [`POST ${ONE}/codes`]: () =>
        json(201, { success: true, created: 50, message: "50 codes generated" }),
      [`GET ${ONE}/codes.csv`]: () =>
        csvFile("code,used,order_id\r\nXMAS-7KQ2M9,false,\r\n", "spring-sale-codes.csv"),
    });
    await screen.findByRole("region", { name: "Single-use codes" });
    await press("Generate codes");
    expect(api.callsTo("POST", `${ONE}/codes`)).toEqual([]);
    type("How many", "50");
    type(/^Prefix/, "XMAS");
    await press("Generate codes");
    expect(await api.onlyBodySent("POST", `${ONE}/codes`)).toEqual({ count: 50, prefix: "XMAS" });
    expect(await screen.findByText("50 codes generated")).toBeTruthy();

    await press("Download codes (CSV)");
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.filename).toBe("spring-sale-codes.csv");
    expect(await saved[0]?.blob?.text()).toBe("code,used,order_id\r\nXMAS-7KQ2M9,false,\r\n");
  });

  it("names the chosen products of a stored promotion, read by id when no search found them", async () => {
    openAdmin(`/promotions/${PROMO_ID}`, {
      [`GET ${ONE}`]: detailOf(makePromotion({ scope: "products", productIds: [PRODUCT_ID] })),
      "GET /api/admin/products": () => json(200, { success: true, products: [], total: 0 }),
      [`GET /api/admin/products/${PRODUCT_ID}`]: () =>
        json(200, { success: true, product: makeProduct() }),
    });
    expect(await screen.findByText("1 product chosen: Copper Kalash Lota.")).toBeTruthy();
  });

  it("says so when there is no promotion at the address", async () => {
    openAdmin(`/promotions/${PROMO_ID}`, {
      [`GET ${ONE}`]: () => json(404, { success: false, message: "Promotion not found" }),
    });
    expect(await screen.findByRole("heading", { name: "No such promotion" })).toBeTruthy();
  });
});
