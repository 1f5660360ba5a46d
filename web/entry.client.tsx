// How the browser takes over the page the Worker rendered: React Router's own entry, which
// hydrates the document, started only once the page has painted its largest image (the hero's
// poster, a product's photo, the collection's first row: the <img fetchpriority="high">), so
// hydrating, a long task on a phone, never holds that paint back. A broken or slow image holds it
// for FIRST_PAINT_WAIT_MS at most; a hidden tab paints nothing and starts at once.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

const FIRST_PAINT_WAIT_MS = 3000;

async function largestPaint(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  await Promise.race([
    image?.decode().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
  if (document.visibilityState === "hidden") return;
  // After the next frame has painted.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

await largestPaint();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
