// Starts the app over the page's pre-rendered first frame (app/render-shell.tsx).
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { startPreloadedLoads } from "../features/catalogue/api";
import { nextTask } from "../lib/next-task";
import { frameFits, readFrame } from "./frame";
import { preloadScreen, routes } from "./router";
import { routerReady } from "./router-ready";

/** Renders nothing; tells `onStarted` once React has committed its first render. */
function Started({ onStarted }: { onStarted: () => void }) {
  useEffect(() => onStarted(), [onStarted]);
  return null;
}

/** Starts the app in `container`; `onStarted` runs once it shows (and handles) the page. */
export async function start(container: HTMLElement, onStarted: () => void): Promise<void> {
  // Evaluating the bundle, loading the screen, building the router and the first render are each
  // their own task, so none blocks for long.
  await nextTask();
  startPreloadedLoads();
  const frame = readFrame(container);
  const hydrate = frame !== null && frameFits(frame, window.location);
  // A frame holding the loading spinner is matched at once, by a router still loading the screen.
  // Otherwise the screen's code comes first (a page rendered afresh waits too, so the spinner
  // never flashes), and the router starts with it in place.
  const screenFirst = !hydrate || frame.screen;
  if (screenFirst && frame) await preloadScreen(frame.path);
  const router = createBrowserRouter(routes);
  if (screenFirst) await routerReady(router);
  await nextTask();
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
