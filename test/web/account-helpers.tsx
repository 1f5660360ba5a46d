// Test doubles for the account screens: a fetch stub answering by path, and the app shell pieces
// (router, session provider, toast area) a screen needs around it.
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  createMemoryRouter,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
} from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { expect, vi } from "vitest";
import { SessionProvider } from "../../web/features/session/session-provider";
import { press } from "./helpers";

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export type Route = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/** Stubs fetch: `routes` maps "METHOD /path" to an answer; anything else is a 404. */
export function stubAccountApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${String(input)}`;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const route = routes[key];
    return route ? route(body, init) : json(404, { success: false, message: "Not found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A call made to `key`, with its parsed body. */
export function callsTo(fetchMock: ReturnType<typeof stubAccountApi>, key: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? "GET"} ${String(input)}` === key)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : undefined));
}

/**
 * Presses `button`, waits for `said` (the screen's word that the answer came), and returns the
 * bodies sent to `key`.
 */
export async function sentWhenPressed(
  fetchMock: ReturnType<typeof stubAccountApi>,
  key: string,
  button: string,
  said: string,
) {
  await press(button);
  expect(await screen.findByText(said)).toBeTruthy();
  return callsTo(fetchMock, key);
}

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function Shell() {
  return (
    <SessionProvider>
      <WhereAmI />
      <Outlet />
      <ToastContainer />
    </SessionProvider>
  );
}

const STAND_INS: Record<string, string> = {
  "/": "Home screen",
  "/login": "Login screen",
  "/cart": "Cart screen",
  "/collection": "Collection screen",
  "/place-order": "Checkout screen",
  "/orders": "Orders screen",
};

/** Renders `element` at route `path` (visited as `at`) in the session provider and toast area. */
export function renderScreen(path: string, element: ReactNode, at = path) {
  const children: RouteObject[] = Object.entries(STAND_INS)
    .filter(([standIn]) => standIn !== path)
    .map(([standIn, text]) => ({ path: standIn, element: <p>{text}</p> }));
  children.push({ path, element });
  const router = createMemoryRouter([{ element: <Shell />, children }], { initialEntries: [at] });
  return { ...render(<RouterProvider router={router} />), router };
}

/** Stubs fetch with `routes` and renders `element` at route `path` (visited as `at`): the mock. */
export function openScreen(
  path: string,
  element: ReactNode,
  routes: Record<string, Route> = {},
  at = path,
) {
  const fetchMock = stubAccountApi(routes);
  renderScreen(path, element, at);
  return fetchMock;
}

/** Where the router is now. */
export const currentLocation = () => document.querySelector("[data-testid=location]")?.textContent;

/** A screen for signed-in people, visited at `path` without a token, sends the visitor to /login. */
export async function expectLoginRequired(path: string, element: ReactNode) {
  openScreen(path, element);
  await waitFor(() => expect(currentLocation()).toBe("/login"));
}
