// The one way the SPA talks to the Worker: same origin, cookies included, JSON both ways,
// and every failure surfaced as an ApiError built from the server's error shape.

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  method?: Method;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Status 0 means the request never got an answer (offline, DNS, CORS). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: unknown[] | undefined;

  constructor(status: number, message: string, code?: string, issues?: unknown[]) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  // The session issue adds the `token` header and a single refresh-and-retry on 401 here.
  const response = await send(path, options, buildHeaders(options));
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

function buildHeaders({ body }: ApiRequestOptions): Headers {
  const headers = new Headers({ Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
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
      body: body === undefined ? undefined : JSON.stringify(body),
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
  return new ApiError(
    response.status,
    typeof message === "string" && message ? message : fallback,
    typeof code === "string" ? code : undefined,
    Array.isArray(issues) ? issues : undefined,
  );
}
