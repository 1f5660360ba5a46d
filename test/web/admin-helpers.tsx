// Test doubles for the back-office (web/admin): the Worker's /api/admin answers at the fetch
// boundary, keyed by method and path (the query is handed to the route), and the app itself in a
// memory router at any address.
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { expect, vi } from "vitest";
import { adminRoutes } from "../../web/admin/router";
import { storeSession } from "../../web/lib/stored-session";
import type { AuditEntryDto } from "../../worker/contracts/admin";
import type { AdminCategoryDto, AdminProductDto } from "../../worker/contracts/admin-catalogue";
import type { AdminCreatorDto } from "../../worker/contracts/admin-creators";
import type { ContactMessageDto, ContactReplyDto } from "../../worker/contracts/admin-inbox";
import type { AdminOrderDto, AdminOrderSummaryDto } from "../../worker/contracts/admin-orders";
import type { GstLineDto, GstReportDto, SummaryDto } from "../../worker/contracts/admin-reports";
import { json } from "./account-helpers";
import { press, textsByRole } from "./helpers";
import { ADDRESS } from "./order-helpers";

export { json };

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData itself for an upload. */
  body: unknown;
  headers: Headers;
}

export type AdminRoute = (call: Call) => Response | Promise<Response>;

export const CATEGORY_ID = "a23e87ad23d2b2c8890962b3";
export const PRODUCT_ID = "89fcae8c698cdaf00694a48e";

export function makeCategory(overrides: Partial<AdminCategoryDto> = {}): AdminCategoryDto {
  return {
    _id: CATEGORY_ID,
    name: "Copper Water Bottles",
    description: "Pure copper, hand-finished.",
    imageKey: "categories/copper.svg",
    image: "/images/categories/copper.svg",
    productCount: 3,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<AdminProductDto> = {}): AdminProductDto {
  return {
    _id: PRODUCT_ID,
    slug: "copper-kalash-lota",
    name: "Copper Kalash Lota",
    description: "A round-bellied lota in pure copper.",
    category: "Copper Water Bottles",
    categoryId: CATEGORY_ID,
    tags: ["copper", "puja"],
    originalPrice: 50,
    finalPrice: 45,
    bestseller: false,
    new: true,
    premium: false,
    variant: "500 ml",
    status: "active",
    images: [],
    stock: { onHand: 10, reserved: 2, available: 8 },
    lowStockThreshold: 5,
    listedAt: "2026-11-15T00:00:00.000Z",
    updatedAt: "2026-11-20T05:30:00.000Z",
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: `entry-${Math.random().toString(16).slice(2)}`,
    actor: { id: "u-admin", email: "owner@example.com" },
    entity: "product",
    entityId: PRODUCT_ID,
    action: "update",
    before: null,
    after: null,
    at: "2026-11-20T05:30:00.000Z",
    ...overrides,
  };
}

/** An open back-office: signed in, an admin, no second factor asked for. */
export const OPEN: Record<string, AdminRoute> = {
  "GET /api/admin/second-factor": () =>
    json(200, {
      success: true,
      secondFactor: { enrolled: false, required: false, verified: false },
    }),
  "GET /api/user/me": () =>
    json(200, {
      success: true,
      user: { _id: "u-admin", name: "Owner", email: "owner@example.com", role: "admin" },
    }),
  "GET /api/admin/categories": () =>
    json(200, {
      success: true,
      categories: [makeCategory(), makeCategory({ _id: "b".repeat(24), name: "Wind Chimes" })],
    }),
  "GET /api/admin/audit": () => json(200, { success: true, entries: [] }),
};

/** Stubs fetch with `routes` ("METHOD /path"); anything else answers 404 in the error shape. */
export function stubAdminApi(routes: Record<string, AdminRoute>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://shop.test");
    const method = init.method ?? "GET";
    const raw = init.body;
    const body = typeof raw === "string" ? JSON.parse(raw) : raw;
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    return route
      ? route(call)
      : json(404, { success: false, message: "Not found", code: "not_found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  /** Waits until `method path` has been called exactly once, and gives that call's body. */
  const onlyBodySent = async (method: string, path: string) => {
    await waitFor(() => expect(callsTo(method, path)).toHaveLength(1));
    return callsTo(method, path)[0]?.body;
  };
  return { fetchMock, calls, callsTo, onlyBodySent };
}

export function signIn(role = "admin") {
  storeSession("admin-token", role);
}

/** The names of the back-office's tabs, in order. */
export const backOfficeTabs = () =>
  textsByRole(screen.getByRole("navigation", { name: "Back-office" }), "link");

/** The back-office at `at` (an address under /admin, without the /admin). */
export function renderAdmin(at: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [at] });
  return { ...render(<RouterProvider router={router} />), router };
}

/**
 * The back-office at `at` for a signed-in admin, the Worker answering OPEN and `routes` (which
 * win over OPEN's): the fetch stub as `api`, beside what renderAdmin returns.
 */
export function openAdmin(at: string, routes: Record<string, AdminRoute> = {}) {
  signIn();
  const api = stubAdminApi({ ...OPEN, ...routes });
  return { api, ...renderAdmin(at) };
}

/**
 * The back-office at `at` with GET `path` failing (500, "Database down") until the screen shows
 * that failure and Try again is pressed; from then on the route answers with `answer`.
 */
export async function openThroughTryAgain(at: string, path: string, answer: AdminRoute) {
  let up = false;
  const opened = openAdmin(at, {
    [`GET ${path}`]: (call) =>
      up ? answer(call) : json(500, { success: false, message: "Database down" }),
  });
  expect(await screen.findByText("Database down")).toBeTruthy();
  up = true;
  await press("Try again");
  return opened;
}

// ---------------------------------------------------------------------------------------------
// Inbox and reports

export const MESSAGE_ID = "c0ffee00c0ffee00c0ffee01";

export function makeReply(overrides: Partial<ContactReplyDto> = {}): ContactReplyDto {
  return {
    _id: `reply-${Math.random().toString(16).slice(2)}`,
    message: "Thanks for asking: it ships on Monday.",
    actorEmail: "owner@example.com",
    createdAt: "2026-11-20T06:00:00.000Z",
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ContactMessageDto> = {}): ContactMessageDto {
  return {
    _id: MESSAGE_ID,
    firstName: "Priya",
    lastName: "Sharma",
    email: "priya@example.com",
    phone: "0412 345 678",
    message: "Is the copper lota food safe?\nI would like to use it for water.",
    status: "new",
    createdAt: "2026-11-20T05:30:00.000Z",
    replies: [],
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<SummaryDto> = {}): SummaryDto {
  return {
    generatedAt: "2026-11-20T05:30:00.000Z",
    today: { orders: 3, revenue: 254.85, refunds: 0 },
    last7Days: { orders: 19, revenue: 1834.5, refunds: 45 },
    last30Days: { orders: 81, revenue: 7342.1, refunds: 129.9 },
    waitingToShip: 6,
    overdueToShip: 2,
    lowStock: 4,
    newMessages: 3,
    bestSellers: [],
    creators: { orders: 12, revenue: 980.4, commission: 98.04 },
    ...overrides,
  };
}

export function makeGstLine(overrides: Partial<GstLineDto> = {}): GstLineDto {
  return {
    kind: "order",
    at: "2026-10-05T01:00:00.000Z",
    day: "2026-10-05",
    orderId: "0123456789abcdef01234567",
    number: "01234567",
    customer: "Priya Sharma",
    total: 110,
    gst: 10,
    ...overrides,
  };
}

export function makeGstReport(overrides: Partial<GstReportDto> = {}): GstReportDto {
  return {
    from: "2026-10-01",
    to: "2026-12-31",
    lines: [],
    totals: { sales: 0, salesGst: 0, refunds: 0, refundsGst: 0, net: 0, netGst: 0 },
    ...overrides,
  };
}

/** A CSV the Worker sends as an attachment. */
export const csvFile = (text: string, filename: string) =>
  new Response(text, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });

/**
 * Stubs the browser's side of saving a file: object URLs, and the click on the download link.
 * Returns what was saved, as the link's name and the blob behind its URL.
 */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { filename: string; blob: Blob | undefined }[] = [];
  let next = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:http://shop.test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ filename: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

// ---------------------------------------------------------------------------------------------
// Orders

export const ORDER_ID = "6a1b2c3d4e5f60718293a4b5";
/** The second line's product (the first is PRODUCT_ID). */
export const DIYA_ID = "b".repeat(24);

/** A paid order of 2 lotas and a diya, waiting to ship, that came by a creator's link. */
export function makeOrder(overrides: Partial<AdminOrderDto> = {}): AdminOrderDto {
  return {
    _id: ORDER_ID,
    number: ORDER_ID.slice(-8),
    status: "Order Placed",
    createdAt: "2026-11-20T05:00:00.000Z",
    paidAt: "2026-11-20T05:02:00.000Z",
    shippedAt: null,
    email: "asha@example.com",
    userId: "u-asha",
    address: ADDRESS,
    items: [
      {
        productId: PRODUCT_ID,
        name: "Copper Kalash Lota",
        image: "/images/products/lota.jpg",
        unitPrice: 45,
        quantity: 2,
        lineTotal: 90,
        restocked: 0,
      },
      {
        productId: DIYA_ID,
        name: "Brass Diya",
        image: "",
        unitPrice: 12.5,
        quantity: 1,
        lineTotal: 12.5,
        restocked: 0,
      },
    ],
    subtotal: 102.5,
    tax: 10.25,
    deliveryFee: 10,
    discount: 0,
    total: 122.75,
    gst: 11.16,
    refunded: 0,
    disputed: 0,
    refundable: 122.75,
    currency: "aud",
    payment: { provider: "stripe", sessionId: "cs_test_a1b2", paymentIntentId: "pi_test_c3d4" },
    attribution: {
      code: "ASHA10",
      how: "link",
      creatorId: "u-creator",
      creatorName: "Meera Creates",
      commission: {
        amount: 10.25,
        reversed: 0,
        status: "pending",
        review: null,
        reviewReason: null,
      },
    },
    shipping: { carrier: null, trackingNumber: null, trackingUrl: null },
    refunds: [],
    stockMovements: [
      {
        productId: PRODUCT_ID,
        kind: "sale",
        onHandDelta: -2,
        reservedDelta: -2,
        reason: "",
        at: "2026-11-20T05:02:00.000Z",
      },
    ],
    events: [
      { at: "2026-11-20T05:00:00.000Z", kind: "created", title: "Order created" },
      { at: "2026-11-20T05:02:00.000Z", kind: "paid", title: "Paid $122.75" },
      {
        at: "2026-11-20T05:03:00.000Z",
        kind: "email",
        title: "Your Tamra & Tara order #8293a4b5",
        detail: "to asha@example.com — sent",
      },
    ],
    nextStatuses: ["Packing", "Shipped", "Out for Delivery", "Delivered"],
    canCancel: true,
    invoiceUrl: "https://shop.test/api/order/invoice/6a1b?sig=1",
    ...overrides,
  };
}

/** The queue's row of an order. */
export function makeOrderSummary(
  overrides: Partial<AdminOrderSummaryDto> = {},
): AdminOrderSummaryDto {
  return {
    _id: ORDER_ID,
    number: ORDER_ID.slice(-8),
    status: "Order Placed",
    createdAt: "2026-11-20T05:00:00.000Z",
    paidAt: "2026-11-20T05:02:00.000Z",
    email: "asha@example.com",
    name: "Asha Rao",
    itemCount: 3,
    total: 122.75,
    refunded: 0,
    affiliateCode: null,
    carrier: null,
    trackingNumber: null,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Creators

export const CREATOR_ID = "5eed5eed5eed5eed5eed5e01";

/** A creator who applied and waits for a decision, on the default terms. */
export function makeCreator(overrides: Partial<AdminCreatorDto> = {}): AdminCreatorDto {
  return {
    _id: CREATOR_ID,
    name: "Meera Iyer",
    email: "meera@example.com",
    affiliateCode: "MEERA10",
    status: "pending",
    statusNote: "",
    statusChangedAt: "2026-11-20T05:30:00.000Z",
    appliedAt: "2026-11-20T05:30:00.000Z",
    bio: "Slow living and copper rituals.",
    socials: "https://instagram.com/meera, tiktok.com/@meera",
    commissionRate: 10,
    discount: 10,
    orders: 0,
    earned: 0,
    ...overrides,
  };
}
