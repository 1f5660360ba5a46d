// The one way a screen loads data: loading, then loaded or failed; Retry and Refresh ask again; a
// request nobody waits for any more (the screen went away, the key changed, a reload) is aborted;
// a failure is worded, and toasted or not, by the API client's failure policy.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { type FailureReport, failureMessage, reportFailure } from "./api-client";

export type LoadState<T> =
  | { status: "loading" }
  | { status: "loaded"; data: T }
  | { status: "failed"; error: unknown; message: string };

/** What an answer depends on; compared with Object.is. */
export type LoadKey = string | number | boolean | null | undefined;

export interface LoadOptions<K extends LoadKey> {
  /** A new key asks again (a product id, being signed in); the loader receives it. */
  key?: K;
  /** False asks nothing (signed out) and forgets the last answer. */
  enabled?: boolean;
  /** Settle in a transition: a big answer then renders in slices that yield to the browser. */
  transition?: boolean;
  /**
   * A reload keeps the last answer on screen, with `pending` set, instead of going back to
   * loading (the signed-in user while it is fetched again; a product's error page during Try again).
   */
  keepWhileReloading?: boolean;
  /**
   * How a failure reads (`failureMessage`) and whether it is toasted (`reportFailure`); without
   * it the failure stays on the screen only.
   */
  failure?: FailureReport & { fallback: string; toast?: boolean };
}

export type Load<T> = LoadState<T> & {
  /** A request for the current key is under way. */
  pending: boolean;
  /** Asks again (Retry, Refresh). */
  reload: () => void;
  /** Replaces the loaded record (after the screen saved a change to it). */
  replace: (data: T) => void;
};

const LOADING = { status: "loading" } as const;
const NO_KEY = Symbol("no answer yet");

/** The last answer: to which key and which attempt. */
interface Settled<T> {
  key: LoadKey | typeof NO_KEY;
  attempt: number;
  state: LoadState<T>;
}

const NOTHING: Settled<never> = { key: NO_KEY, attempt: 0, state: LOADING };

const DEFAULT_FALLBACK = "Something went wrong. Please try again.";

/**
 * Runs `load` once per key and attempt while enabled. `load` is read when a request starts, so it
 * may be a new function on every render; the key says when to ask again.
 */
export function useLoad<T, K extends LoadKey = undefined>(
  load: (signal: AbortSignal, key: K) => Promise<T>,
  options: LoadOptions<K> = {},
): Load<T> {
  const { enabled = true, keepWhileReloading = false } = options;
  const key = options.key as K;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>(NOTHING);
  const latest = useRef({ load, options, key, attempt });
  latest.current = { load, options, key, attempt };

  useEffect(() => {
    if (!enabled) {
      setSettled(NOTHING);
      return;
    }
    const controller = new AbortController();
    const { load, options } = latest.current;
    const settle = (state: LoadState<T>) => {
      const commit = () => {
        if (!controller.signal.aborted) setSettled({ key, attempt, state });
      };
      if (options.transition) startTransition(commit);
      else commit();
    };
    load(controller.signal, key).then(
      (data) => settle({ status: "loaded", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { failure } = options;
        const fallback = failure?.fallback ?? DEFAULT_FALLBACK;
        settle({ status: "failed", error, message: failureMessage(error, fallback, failure) });
        if (failure && failure.toast !== false) reportFailure(error, fallback, failure);
      },
    );
    return () => controller.abort();
  }, [enabled, key, attempt]);

  // Derived, not set: a new key or a reload shows loading in the same render that asks again.
  const answered = settled.key === key;
  const pending = enabled && !(answered && settled.attempt === attempt);
  const state = answered && (!pending || keepWhileReloading) ? settled.state : LOADING;
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => {
    const { key, attempt } = latest.current;
    setSettled({ key, attempt, state: { status: "loaded", data } });
  }, []);
  return { ...state, pending, reload, replace };
}
