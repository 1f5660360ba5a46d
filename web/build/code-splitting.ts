// How the build cuts the app into chunks (rolldown's codeSplitting groups), and the names the
// other build plugins use to find those chunks (docs/decisions/0006-first-paint.md).

/** The app's code, which the entry (main.tsx) imports once the page can use it. */
export const APP_MODULE = "app/start.tsx";
/** The chunk holding it and everything it needs to start. */
export const START_CHUNK = "start";

/**
 * Modules main.tsx imports statically that the app's code may import too: the entry's helpers and
 * its own modules. With a second entry (admin.html), Vite's modulepreload polyfill is shared by
 * both, and would otherwise be one more file in front of every shop page.
 */
const ENTRY_HELPERS =
  /^\0(vite\/(preload-helper|modulepreload-polyfill)|rolldown\/runtime)|[\\/]web[\\/](app[\\/](early-clicks|first-frame)|lib[\\/]next-task)\.ts$/;

export const codeSplittingGroups = [
  // The entry's helpers, and its own modules that the app imports too, stay small and separate:
  // the page runs the entry before it fetches the app. Left to the start group, they would make
  // the entry import the whole app (home LCP 2.18 s instead of 1.55 s; test/budget/check.ts).
  { name: "runtime", test: ENTRY_HELPERS, priority: 1 },
  // Everything the app needs to start (React, the router, the layout and what it uses) in one
  // file: otherwise what it shares with the screens is cut into a dozen small files, each one
  // more request before the page can start.
  { name: START_CHUNK, test: /[\\/]web[\\/]app[\\/]start\.tsx$/ },
];
