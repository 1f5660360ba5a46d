import type { DataRouter } from "react-router-dom";

/**
 * Settles once the router has loaded the first screen's code (its lazy route), or failed to and
 * holds the error for the error page. Rendering before that would show the loading spinner first.
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
