// The one data-loading hook (web/lib/use-load.ts): loading, loaded, failed, reload, keys, aborts.
import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/lib/api-client";
import { type LoadKey, useLoad } from "../../web/lib/use-load";

const toastError = vi.hoisted(() => vi.fn());
vi.mock("react-toastify", () => ({ toast: { error: toastError, success: vi.fn() } }));

beforeEach(() => toastError.mockClear());

/** A loader whose calls the test answers one by one. */
function heldLoader<T>() {
  const calls: {
    key: LoadKey;
    signal: AbortSignal;
    answer: (value: T) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const load = vi.fn(
    (signal: AbortSignal, key: LoadKey) =>
      new Promise<T>((answer, fail) => {
        calls.push({ key, signal, answer, fail });
      }),
  );
  return { load, calls };
}

describe("useLoad", () => {
  it("loads, then shows the answer", async () => {
    const { load, calls } = heldLoader<string>();
    const { result } = renderHook(() => useLoad(load));
    expect(result.current.status).toBe("loading");
    expect(result.current.pending).toBe(true);
    await act(async () => calls[0]?.answer("hello"));
    expect(result.current).toMatchObject({ status: "loaded", data: "hello", pending: false });
  });

  it("words a failure by the policy, toasts it when asked, and loads again on reload", async () => {
    const { load, calls } = heldLoader<string>();
    const { result } = renderHook(() =>
      useLoad(load, { failure: { fallback: "Failed to load orders" } }),
    );
    await act(async () =>
      calls[0]?.fail(
        new ApiError(500, "Database unavailable", undefined, undefined, "Database unavailable"),
      ),
    );
    expect(result.current).toMatchObject({ status: "failed", message: "Database unavailable" });
    expect(toastError).toHaveBeenCalledWith("Database unavailable");

    act(() => result.current.reload());
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.answer("orders"));
    expect(result.current).toMatchObject({ status: "loaded", data: "orders" });
  });

  it("keeps a failure inline without a failure option", async () => {
    const { load, calls } = heldLoader<string>();
    const { result } = renderHook(() => useLoad(load));
    await act(async () => calls[0]?.fail(new ApiError(0, "Network error", "NETWORK_ERROR")));
    expect(result.current.status).toBe("failed");
    expect(toastError).not.toHaveBeenCalled();
  });

  it("asks again for a new key, aborting the old request and never showing its answer", async () => {
    const { load, calls } = heldLoader<string>();
    const { result, rerender } = renderHook(({ id }) => useLoad(load, { key: id }), {
      initialProps: { id: "a" },
    });
    rerender({ id: "b" });
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(calls.map((call) => call.key)).toContain("b"));
    const first = calls.find((call) => call.key === "a");
    expect(first?.signal.aborted).toBe(true);
    await act(async () => first?.answer("stale"));
    expect(result.current.status).toBe("loading");
    await act(async () => calls.find((call) => call.key === "b")?.answer("fresh"));
    expect(result.current).toMatchObject({ status: "loaded", data: "fresh" });
  });

  it("asks nothing while disabled, and aborts on unmount", async () => {
    const { load, calls } = heldLoader<string>();
    const { rerender, unmount } = renderHook(({ on }) => useLoad(load, { enabled: on }), {
      initialProps: { on: false },
    });
    expect(calls).toHaveLength(0);
    rerender({ on: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it("keeps the last answer during a reload when asked to, and says it is pending", async () => {
    const { load, calls } = heldLoader<string>();
    const { result } = renderHook(() => useLoad(load, { keepWhileReloading: true }));
    await act(async () => calls[0]?.answer("Asha"));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: "loaded", data: "Asha", pending: true });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.answer("Asha Rao"));
    expect(result.current).toMatchObject({ status: "loaded", data: "Asha Rao", pending: false });
  });

  it("replaces the loaded record after the screen saved a change", async () => {
    const { load, calls } = heldLoader<{ name: string }>();
    const { result } = renderHook(() => useLoad(load));
    await act(async () => calls[0]?.answer({ name: "Asha" }));
    act(() => result.current.replace({ name: "Asha Rao" }));
    expect(result.current).toMatchObject({ status: "loaded", data: { name: "Asha Rao" } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
