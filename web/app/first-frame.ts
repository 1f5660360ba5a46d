/**
 * Settles once the page's pre-rendered first frame is on screen with its high-priority image (the
 * home hero's poster), so the app's code never competes with it for bandwidth or the main thread.
 * A hidden tab paints nothing, so there it settles at once.
 */
export async function firstFramePainted(root: HTMLElement): Promise<void> {
  const image = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  // A broken image must not keep the app from starting.
  await image?.decode().catch(() => {});
  if (document.visibilityState === "hidden") return;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
