// How every back-office call reaches the Worker (README, back-office): through the shop's API
// client (the token header, one refresh on a 401, one error shape), with the query string and the
// files the Worker makes. A 403 that says the caller is not an admin (any more) or has not passed
// the second factor is also told to the gate (gate/admin-gate.tsx), which then shows the screen
// that lets them in. Each area's calls are in its own api.ts.
import { ApiError, type ApiRequestOptions, api, reportFailure } from "../../lib/api-client";
import { apiFile } from "../../lib/api-file";
import { saveFile } from "./download";

/** The Worker's codes for "this account may not use the back-office" and "pass the factor first". */
export const FORBIDDEN_CODE = "forbidden";
export const SECOND_FACTOR_REQUIRED_CODE = "second_factor_required";

/** A refusal that only the gate can resolve (sign in as an admin, or pass the second factor). */
export const isGateRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.code === FORBIDDEN_CODE || error.code === SECOND_FACTOR_REQUIRED_CODE);

let gateListener: (() => void) | null = null;

/** The gate listens for refusals that screens meet (a factor that lapsed, a demoted account). */
export function setGateListener(listener: (() => void) | null): void {
  gateListener = listener;
}

/** Runs a call; a refusal only the gate can answer is told to it, and thrown as any failure. */
async function guarded<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isGateRefusal(error)) gateListener?.();
    throw error;
  }
}

export const call = <T>(path: string, options: ApiRequestOptions = {}): Promise<T> =>
  guarded(() => api<T>(path, options));

export const post = <T>(path: string, body?: unknown) => call<T>(path, { method: "POST", body });

type QueryValue = string | number | undefined;

/** "?a=1&b=x" of the values given (none, empty or page 1 are left out: the Worker's defaults). */
export function query(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === "" || (name === "page" && value === 1)) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A list's page as a GET: `params` become its query string. */
export const fetchList = <T>(
  path: string,
  params: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> => call<T>(`${path}${query(params)}`, { signal });

/** `/api/admin/<area>/<id>`, the id encoded. */
export const recordPath = (area: string, id: string) =>
  `/api/admin/${area}/${encodeURIComponent(id)}`;

/** Fetches a file the Worker makes (a CSV) and saves it under the name the Worker gives it. */
export const download = (path: string, fallbackName: string): Promise<void> =>
  guarded(async () => {
    const { blob, filename } = await apiFile(path);
    saveFile(blob, filename ?? fallbackName);
  });

/**
 * The failure policy of a back-office action: the server's message (or `fallback`) as a toast,
 * except for refusals the gate is about to show a whole screen for.
 */
export function reportAdminFailure(error: unknown, fallback: string): void {
  if (isGateRefusal(error)) return;
  reportFailure(error, fallback, { sayNetworkError: true });
}
