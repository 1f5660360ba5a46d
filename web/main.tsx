// The entry: the base styles, linked from the HTML, and the app, loaded once the page can use it.
// Base styles load before any component's own stylesheet. Toast styles come from a bundled
// file because the CSP (style-src 'self') forbids the <style> tag react-toastify would inject.
import "react-toastify/dist/ReactToastify.css";
import "./app/styles.css";
import { holdEarlyClicks } from "./app/early-clicks";
import { firstFramePainted } from "./app/first-frame";
import type { FRAME_PAINTS_FIRST_ATTRIBUTE, ROOT_ID } from "./app/frame-attributes";

// The entry spells out the two names it reads, and their types hold them to the shared ones:
// importing the module's values would move it, with the names only the app reads, into the
// entry's chunk (entry 1851 -> 1907 bytes gzip, 1.8 -> 1.9 kB in npm run test:budget).
const rootId: typeof ROOT_ID = "root";
const paintsFirst: typeof FRAME_PAINTS_FIRST_ATTRIBUTE = "data-frame-paints-first";

const container = document.getElementById(rootId);
if (!container) throw new Error("index.html has no #root element");

// #root holds the screen's first frame, pre-rendered at build time. When that frame holds the
// page's largest paint (the home hero), the app's code is fetched only once it is on screen.
const replayClicks = holdEarlyClicks(container);
// The app reads both storages as it starts (the session; the router's history and view-transition
// state), and a storage's first read waits on the browser process: it happens now, while the
// app's code downloads, not inside the app's first tasks.
try {
  void localStorage.length;
  void sessionStorage.length;
} catch {
  // Storage can be unavailable (private mode); the app copes.
}
if (container.hasAttribute(paintsFirst)) await firstFramePainted(container);
const { start } = await import("./app/start");
await start(container, replayClicks);
