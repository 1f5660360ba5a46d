import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Tests wait for the state they assert (findBy*, waitFor), never for a time. The ceiling on that
// wait is generous so that a busy machine (one core taken by another process) is slow, not red;
// a state that never comes still fails, after this long.
configure({ asyncUtilTimeout: 10_000 });

// Without vitest globals, Testing Library cannot register its own unmount-after-each.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
