// Test doubles for the back-office (web/admin): the Worker's /api/admin answers at the fetch
// boundary, keyed by method and path (the query is handed to the route), and the app itself in a
// memory router at any address.
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import { adminRoutes } from "../../web/admin/router";
import { storeSession } from "../../web/lib/stored-session";
import type { AuditEntryDto } from "../../worker/contracts/admin";
import type { AdminCategoryDto, AdminProductDto } from "../../worker/contracts/admin-catalogue";
import { json } from "./account-helpers";

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
  return { fetchMock, calls, callsTo };
}

export function signIn(role = "admin") {
  storeSession("admin-token", role);
}

/** The back-office at `at` (an address under /admin, without the /admin). */
export function renderAdmin(at: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [at] });
  return { ...render(<RouterProvider router={router} />), router };
}
