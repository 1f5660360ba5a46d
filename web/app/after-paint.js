// @ts-check
// The page's code starts only after its first paint. The Worker's HTML holds the whole page with
// its largest picture (the <img elementtiming="largest-paint"> of lib/largest-paint.ts), so none
// of the app's code is needed to paint it; fetching that code earlier only takes bandwidth and
// main-thread time from the paint on a slow phone. The root (root.tsx) renders React Router's
// module script inert and this file, as an inline script, after it: once the browser reports that
// picture on the screen, it adds the module preloads and the data preloads the routes asked for
// (its `data-plan`, an AfterPaintPlan of root.tsx), then the module script itself, which hydrates
// the page. A broken or slow picture holds the code back for FIRST_PAINT_WAIT_MS at most; the
// first touch or key press, a hidden tab and a page without such a picture start it at once.
//
// It is inlined as written (imported `?raw`): plain JavaScript, no imports, no bundler helpers.
(() => {
  const FIRST_PAINT_WAIT_MS = 3000;
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  /** @type {{ modules?: string[], preloads?: { href: string, as: string, crossOrigin?: string }[] }} */
  const plan = JSON.parse(script.dataset.plan || "{}");
  const inert = script.previousElementSibling;
  const start = () => {
    const head = document.head;
    for (const href of plan.modules || []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      head.append(link);
    }
    for (const preload of plan.preloads || []) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = preload.as;
      if (preload.crossOrigin) link.crossOrigin = preload.crossOrigin;
      link.href = preload.href;
      head.append(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.nonce = script.nonce;
    module.textContent = inert ? inert.textContent : "";
    head.append(module);
  };
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  /** @type {HTMLImageElement | null} */
  const image = document.querySelector('img[elementtiming="largest-paint"]');
  // A page without such a picture (a form, the cart) needs its code to show anything more.
  if (!image || document.visibilityState === "hidden") return once();
  setTimeout(once, FIRST_PAINT_WAIT_MS);
  // Someone who touches the page before the picture has painted gets the code at once.
  for (const type of ["pointerdown", "keydown", "touchstart"]) {
    addEventListener(type, once, { capture: true, once: true, passive: true });
  }
  // The browser says when the picture reached the screen: Element Timing reports the frame as
  // presented.
  const supported =
    typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
  if (supported.includes("element")) {
    new PerformanceObserver((list, observer) => {
      const entries = /** @type {(PerformanceEntry & { element?: Element | null })[]} */ (
        list.getEntries()
      );
      if (!entries.some((entry) => entry.element === image)) return;
      observer.disconnect();
      once();
    }).observe({ type: "element", buffered: true });
    return;
  }
  // Elsewhere: once the picture has decoded and the next frame has painted.
  image
    .decode()
    .catch(() => {})
    .then(() => requestAnimationFrame(() => setTimeout(once, 0)));
})();
