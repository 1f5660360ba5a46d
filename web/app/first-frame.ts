import { nextTask } from "../lib/next-task";

/** The longest the app waits for the first frame's image before it starts anyway. */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Settles once the page's pre-rendered first frame is on screen with its high-priority image (the
 * home hero's poster), so the app's code never competes with it for bandwidth or the main thread.
 * A hidden tab paints nothing, so there it settles at once.
 */
export async function firstFramePainted(root: HTMLElement): Promise<void> {
  const image = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  // A broken image must not keep the app from starting, nor a slow one for long.
  await Promise.race([
    image?.decode().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
  if (document.visibilityState === "hidden") return;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
}
