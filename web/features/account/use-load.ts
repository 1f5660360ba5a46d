// Loads one record for a signed-in screen: idle without a token, loading, then loaded or failed.
import { useEffect, useState } from "react";
import { isSessionExpired } from "../../lib/api-client";

export type LoadState<T> =
  | { status: "loading" }
  | { status: "loaded"; data: T }
  | { status: "failed"; message: string };

/**
 * `onFailure` runs once per failure that the API client has not already announced. Returns the
 * state, a way to replace the loaded record, and `reload` (Retry, Refresh).
 */
export function useLoad<T>(
  enabled: boolean,
  load: (signal: AbortSignal) => Promise<T>,
  onFailure: (error: unknown) => void,
): [LoadState<T>, (data: T) => void, () => void] {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads per sign-in and reload, not per render.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    load(controller.signal)
      .then((data) => setState({ status: "loaded", data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "failed", message: String((error as Error)?.message ?? error) });
        if (!isSessionExpired(error)) onFailure(error);
      });
    return () => controller.abort();
  }, [enabled, attempt]);

  return [state, (data: T) => setState({ status: "loaded", data }), () => setAttempt((n) => n + 1)];
}
