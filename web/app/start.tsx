// Starts the app over the page's pre-rendered first frame (app/render-shell.tsx).
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { startPreloadedLoads } from "../features/catalogue/api";
import { frameFits, readFrame } from "./frame";
import { routes } from "./router";
import { routerReady } from "./router-ready";

/** Renders nothing; tells `onStarted` once React has committed its first render. */
function Started({ onStarted }: { onStarted: () => void }) {
  useEffect(() => onStarted(), [onStarted]);
  return null;
}

/** Starts the app in `container`; `onStarted` runs once it shows (and handles) the page. */
export async function start(container: HTMLElement, onStarted: () => void): Promise<void> {
  // Evaluating the bundle is one task; building the router is another, so neither blocks for long.
  await new Promise((resolve) => setTimeout(resolve));
  const router = createBrowserRouter(routes);
  const frame = readFrame(container);
  const hydrate = frame !== null && frameFits(frame, window.location);
  // A frame holding the screen is matched once the screen's code is in; one holding the loading
  // spinner is matched at once. A page rendered afresh waits too, so the spinner never flashes.
  if (!hydrate || frame.screen) await routerReady(router);
  startPreloadedLoads();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <Started onStarted={onStarted} />
    </StrictMode>
  );
  // A transition renders (and hydrates) in slices that yield to the browser, not in one long task.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
