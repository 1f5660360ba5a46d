// What both builds (the shop's vite.config.ts, the back-office's admin.vite.config.ts) share.
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * react-toastify's main entry injects a <style> tag at runtime, which the CSP (style-src 'self')
 * blocks; its unstyled entry is the same API without that, and each program bundles the
 * stylesheet instead. Aliasing the bare name keeps every import (and toast() and
 * <ToastContainer> sharing one store) on that entry.
 */
export const toastifyUnstyled = {
  find: /^react-toastify$/,
  replacement: "react-toastify/unstyled",
};
