// When the home hero may move: its rotation clock and the browser signals that stop it
// (reduced motion, Save-Data, a hidden tab) or delay its heavier media (the page's load event).
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
  // The static first frame is rendered at build time, where there is no navigator.
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** The build-time render (the static first frame) counts as hidden: the clock starts with the app. */
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
 * the first poster (the page's largest paint) for bandwidth. The build-time render (the static
 * first frame) counts as not loaded.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribeLoad,
    () => document.readyState === "complete",
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
