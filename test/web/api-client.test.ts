import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  failureMessage,
  isSessionExpired,
  reportFailure,
  SESSION_EXPIRED_CODE,
  SESSION_EXPIRED_MESSAGE,
  setSessionExpiredHandler,
} from "../../web/lib/api-client";

const toastError = vi.hoisted(() => vi.fn());
vi.mock("react-toastify", () => ({ toast: { error: toastError, success: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const tokenOf = (init: RequestInit) => new Headers(init.headers).get("token");

/** A protected endpoint that accepts only `valid` and a refresh that answers `fresh` or 401. */
function sessionServer({ refreshOk }: { refreshOk: boolean }): Handler {
  return (path, init) => {
    if (path === "/api/refresh") {
      return refreshOk
        ? json(200, { success: true, accessToken: "fresh" })
        : json(401, { success: false, message: "Session over" });
    }
    if (tokenOf(init) === "fresh") return json(200, { success: true, path });
    return json(401, { success: false, message: "Token expired" });
  };
}

beforeEach(() => toastError.mockClear());
afterEach(() => setSessionExpiredHandler(null));

describe("api client", () => {
  it("sends the stored token in the token header, with credentials", async () => {
    localStorage.setItem("token", "abc");
    const fetchMock = stubFetch(() => json(200, { success: true }));
    await api("/api/user/me");
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(tokenOf(init)).toBe("abc");
    expect(init.credentials).toBe("include");
  });

  it("sends no token header when signed out", async () => {
    const fetchMock = stubFetch(() => json(200, { success: true }));
    await api("/api/product/list");
    expect(tokenOf(fetchMock.mock.calls[0]?.[1] as RequestInit)).toBeNull();
  });

  it("refreshes once on a 401, stores the new token and retries the request", async () => {
    localStorage.setItem("token", "stale");
    const fetchMock = stubFetch(sessionServer({ refreshOk: true }));
    await expect(api("/api/user/me")).resolves.toEqual({ success: true, path: "/api/user/me" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      "/api/user/me",
      "/api/refresh",
      "/api/user/me",
    ]);
    const refreshInit = fetchMock.mock.calls[1]?.[1] as RequestInit;
    expect(refreshInit.method).toBe("POST");
    expect(refreshInit.credentials).toBe("include");
    expect(localStorage.getItem("token")).toBe("fresh");
  });

  it("shares a single refresh between concurrent 401s", async () => {
    localStorage.setItem("token", "stale");
    const fetchMock = stubFetch(sessionServer({ refreshOk: true }));
    const results = await Promise.all([
      api("/api/user/me"),
      api("/api/cart/get", { method: "POST" }),
      api("/api/order/userorders", { method: "POST" }),
    ]);
    expect(results).toHaveLength(3);
    const refreshes = fetchMock.mock.calls.filter(([url]) => String(url) === "/api/refresh");
    expect(refreshes).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it("ends the session when the refresh fails: message, token and role cleared, off to /login", async () => {
    localStorage.setItem("token", "stale");
    localStorage.setItem("role", "user");
    const goToLogin = vi.fn();
    setSessionExpiredHandler(goToLogin);
    const fetchMock = stubFetch(sessionServer({ refreshOk: false }));

    const failure = await api("/api/user/me").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(isSessionExpired(failure)).toBe(true);
    expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("role")).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
    // No retry after a failed refresh.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("announces an expired session once for concurrent 401s", async () => {
    localStorage.setItem("token", "stale");
    const goToLogin = vi.fn();
    setSessionExpiredHandler(goToLogin);
    stubFetch(sessionServer({ refreshOk: false }));
    await Promise.allSettled([api("/api/user/me"), api("/api/cart/get", { method: "POST" })]);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it("never refreshes for a 401 on a call that opts out, or without a token", async () => {
    localStorage.setItem("token", "stale");
    const fetchMock = stubFetch(() =>
      json(401, { success: false, message: "Invalid email or password" }),
    );
    await expect(
      api("/api/user/login", { method: "POST", body: {}, skipRefresh: true }),
    ).rejects.toMatchObject({ status: 401, message: "Invalid email or password" });
    localStorage.clear();
    await expect(api("/api/user/me")).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not refresh again when the retried request is refused too", async () => {
    localStorage.setItem("token", "stale");
    const fetchMock = stubFetch((path) =>
      path === "/api/refresh"
        ? json(200, { success: true, accessToken: "fresh" })
        : json(401, { success: false, message: "Still no" }),
    );
    await expect(api("/api/user/me")).rejects.toMatchObject({ status: 401, message: "Still no" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("reports a network failure as status 0", async () => {
    stubFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api("/api/user/me")).rejects.toMatchObject({ status: 0 });
  });
});

describe("failure policy", () => {
  const refused = new ApiError(
    409,
    "Email already in use",
    undefined,
    undefined,
    "Email already in use",
  );
  const failed = new ApiError(503, "Service Unavailable");
  const offline = new ApiError(0, "Network error: the shop could not be reached.", "NETWORK_ERROR");
  const expired = new ApiError(401, SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_CODE);

  it("says the server's message, else the fallback, unless told to say the fallback", () => {
    expect(failureMessage(refused, "Update failed")).toBe("Email already in use");
    expect(failureMessage(failed, "Update failed")).toBe("Update failed");
    expect(failureMessage(refused, "Update failed", { ignoreServerMessage: true })).toBe(
      "Update failed",
    );
    // A 2xx that said success: false, turned into an Error by the screen's loader.
    expect(failureMessage(new Error("Your cart is empty!"), "Failed")).toBe("Your cart is empty!");
  });

  it("says the fallback for an unanswered request unless asked to name the network", () => {
    expect(failureMessage(offline, "Failed to load orders")).toBe("Failed to load orders");
    expect(failureMessage(offline, "Could not update the cart", { sayNetworkError: true })).toBe(
      "Network error: the shop could not be reached.",
    );
  });

  it("toasts once per failure, never for an expired session or a cancelled request", () => {
    reportFailure(expired, "Failed to load profile");
    reportFailure(new DOMException("The operation was aborted.", "AbortError"), "Failed");
    expect(toastError).not.toHaveBeenCalled();
    reportFailure(refused, "Update failed");
    expect(toastError).toHaveBeenCalledWith("Email already in use");
    reportFailure(failed, "Could not load products", { toastId: "load-products" });
    expect(toastError).toHaveBeenLastCalledWith("Could not load products", {
      toastId: "load-products",
    });
  });
});
