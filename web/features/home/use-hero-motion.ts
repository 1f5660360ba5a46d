// When the home hero may move: its rotation clock and the browser signals that stop it
// (reduced motion, Save-Data, a hidden tab) or delay its heavier media (the page's load event,
// and for the videos a settled page).
import { useEffect, useState, useSyncExternalStore } from "react";

/** SPEC.md section 9: the hero changes every 7 seconds. */
export const HERO_ROTATION_MS = 7000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

interface NetworkInformationLike {
  saveData?: boolean;
}

/** The visitor asked for less data (Chrome's Data Saver, Android's Lite mode). */
export function prefersSaveData(): boolean {
  // The Worker renders the page, where there is no navigator.
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** The Worker's render counts as hidden: the clock starts with the app. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => false,
  );
}

function subscribeLoad(onChange: () => void): () => void {
  window.addEventListener("load", onChange);
  return () => window.removeEventListener("load", onChange);
}

/**
 * True once the window's load event has fired, so the next slides' media never competes with
 * the first poster (the page's largest paint) for bandwidth. The Worker's render counts as not
 * loaded.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribeLoad,
    () => document.readyState === "complete",
    () => false,
  );
}

/** How long the hero's videos wait after the load event (then for an idle moment) to start. */
export const VIDEO_DELAY_MS = 2000;

let settled = false;
let settling = false;
const settledListeners = new Set<() => void>();

function settle(): void {
  settled = true;
  for (const listener of settledListeners) listener();
}

function startSettling(): void {
  if (settling) return;
  settling = true;
  const afterLoad = () =>
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function") {
        window.requestIdleCallback(settle, { timeout: 1000 });
      } else {
        settle();
      }
    }, VIDEO_DELAY_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

function subscribeSettled(onChange: () => void): () => void {
  settledListeners.add(onChange);
  startSettling();
  return () => settledListeners.delete(onChange);
}

/** Tests start each case on a page that has not settled yet. */
export function resetPageSettled(): void {
  settled = false;
  settling = false;
}

/**
 * True once the page has loaded, then waited VIDEO_DELAY_MS and an idle moment: downloading and
 * decoding a video takes a phone's CPU and bandwidth, which the page needs first to become
 * interactive. The poster shows until then. The Worker's render counts as not settled.
 */
export function usePageSettled(): boolean {
  return useSyncExternalStore(
    subscribeSettled,
    () => settled,
    () => false,
  );
}

/**
 * The index of the current slide: advances every HERO_ROTATION_MS while `running`, wrapping
 * after the last slide. A pause keeps the current slide; resuming waits a full period again.
 */
export function useHeroRotation(count: number, running: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      HERO_ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, [running, count]);
  return index % Math.max(count, 1);
}
