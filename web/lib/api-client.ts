// The one way the SPA talks to the Worker: same origin, cookies included, JSON both ways (a file
// back, such as a CSV export, is api-file.ts on top of `request`), and every failure surfaced as an ApiError built from the
// server's error shape. It also owns the session's wire behaviour (the `token` header, one shared
// refresh on a 401, one retry) and the one failure policy: which failure the user is told about,
// in which words (`reportFailure`).
import { toast } from "react-toastify";
import { paths } from "./paths";
import { clearStoredSession, readStoredSession, storeToken } from "./stored-session";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  method?: Method;
  /** Serialised as JSON; a FormData goes as multipart/form-data (the back-office's photo uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Answer a 401 as-is instead of refreshing the session: for calls whose 401 means something
   * else (wrong password on login) or that end the session themselves (logout).
   */
  skipRefresh?: boolean;
}

export const REFRESH_PATH = "/api/refresh";
export const SESSION_EXPIRED_MESSAGE = "Session expired, please log in again.";
/** The code of the error a call throws once its session could not be renewed (already toasted). */
export const SESSION_EXPIRED_CODE = "SESSION_EXPIRED";

let goToLogin: (() => void) | null = null;

/** The session provider hands over the router's navigation; without it the page reloads at /login. */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  goToLogin = handler;
}

/** One refresh in flight at a time: concurrent 401s all wait for the same answer. */
let refreshing: Promise<string | null> | null = null;

async function requestNewToken(): Promise<string | null> {
  try {
    const response = await send(REFRESH_PATH, { method: "POST" }, buildHeaders({}));
    const payload = (await readJson(response)) as { accessToken?: unknown } | undefined;
    if (!response.ok || typeof payload?.accessToken !== "string") return null;
    return payload.accessToken;
  } catch {
    return null;
  }
}

function endExpiredSession(): void {
  toast.error(SESSION_EXPIRED_MESSAGE);
  clearStoredSession();
  if (goToLogin) goToLogin();
  else window.location.assign(paths.login);
}

function refreshSession(): Promise<string | null> {
  refreshing ??= requestNewToken()
    .then((token) => {
      if (token) storeToken(token);
      else endExpiredSession();
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The token a retry should carry, or null when the session cannot be renewed. */
async function tokenForRetry(sent: string): Promise<string | null> {
  // The session changed while this request was out: another request already refreshed it (use
  // that token) or it already ended (null). Either way, no second refresh.
  const current = readStoredSession().token;
  if (current !== sent) return current;
  return refreshSession();
}

/** Status 0 means the request never got an answer (offline, DNS, CORS). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: unknown[] | undefined;
  /** The server's own `message`, when its answer carried one (else `message` is a fallback). */
  readonly serverMessage: string | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    issues?: unknown[],
    serverMessage?: string,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.serverMessage = serverMessage;
  }
}

const JSON_TYPE = "application/json";

export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await request(path, options, JSON_TYPE);
  return (await readJson(response)) as T;
}

/** One call with the session: the token header, one refresh on a 401, one retry; a failure thrown. */
export async function request(path: string, options: ApiRequestOptions, accept: string) {
  const token = readStoredSession().token;
  let response = await send(path, options, buildHeaders(options, token, accept));
  // Only a request that carried a token can have been refused for an expired one.
  if (response.status === 401 && token && path !== REFRESH_PATH && !options.skipRefresh) {
    const fresh = await tokenForRetry(token);
    if (!fresh) throw new ApiError(401, SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_CODE);
    response = await send(path, options, buildHeaders(options, fresh, accept));
  }
  if (!response.ok) throw toApiError(response, await readJson(response));
  return response;
}

function buildHeaders(
  { body }: ApiRequestOptions,
  token?: string | null,
  accept = JSON_TYPE,
): Headers {
  const headers = new Headers({ Accept: accept });
  // A FormData sets its own multipart type, boundary included.
  if (body !== undefined && !(body instanceof FormData)) {
    headers.set("Content-Type", "application/json");
  }
  if (token) headers.set("token", token);
  return headers;
}

async function send(
  path: string,
  { method = "GET", body, signal }: ApiRequestOptions,
  headers: Headers,
): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      credentials: "include",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "Network error: the shop could not be reached.", "NETWORK_ERROR");
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  if (typeof payload !== "object" || payload === null)
    return new ApiError(response.status, fallback);
  const { message, code, issues } = payload as Record<string, unknown>;
  const serverMessage = typeof message === "string" && message ? message : undefined;
  return new ApiError(
    response.status,
    serverMessage ?? fallback,
    typeof code === "string" ? code : undefined,
    Array.isArray(issues) ? issues : undefined,
    serverMessage,
  );
}

/** True when the failure was the end of the session, which the client has already announced. */
export const isSessionExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === SESSION_EXPIRED_CODE;

/** A request its caller cancelled (a screen that went away): nothing to tell anyone. */
const isAborted = (error: unknown): boolean =>
  error instanceof DOMException && error.name === "AbortError";

export interface FailureWording {
  /** Always say the fallback, whatever the server said (SPEC.md names one text for this call). */
  ignoreServerMessage?: boolean;
  /** When the shop could not be reached, say so rather than the fallback. */
  sayNetworkError?: boolean;
}

/**
 * What to tell the user about a failed call: the server's own message when it sent one (any
 * status), else `fallback`. A session that could not be renewed says so; an unanswered request
 * says `fallback` unless `sayNetworkError`. Any other Error is the screen's own (a 2xx that said
 * `success: false`, storage refusing a write) and says its message.
 */
export function failureMessage(
  error: unknown,
  fallback: string,
  { ignoreServerMessage = false, sayNetworkError = false }: FailureWording = {},
): string {
  if (isSessionExpired(error)) return SESSION_EXPIRED_MESSAGE;
  if (error instanceof ApiError) {
    if (error.status === 0) return sayNetworkError ? error.message : fallback;
    return (!ignoreServerMessage && error.serverMessage) || fallback;
  }
  if (!ignoreServerMessage && error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface FailureReport extends FailureWording {
  /** Failures sharing an id show one toast at a time (a load several screens share). */
  toastId?: string;
}

/**
 * The one place a failed call becomes a toast. A cancelled request and an expired session (the
 * client has toasted that already) say nothing; everything else says `failureMessage`.
 */
export function reportFailure(error: unknown, fallback: string, report: FailureReport = {}): void {
  if (isAborted(error) || isSessionExpired(error)) return;
  const message = failureMessage(error, fallback, report);
  if (report.toastId) toast.error(message, { toastId: report.toastId });
  else toast.error(message);
}
