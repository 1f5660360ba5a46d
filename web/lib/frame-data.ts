// The data a page's HTML brought beside its first frame (worker/contracts/page-frames.ts): JSON in
// a <script type="application/json"> the Worker wrote. Null when there is none or it is unreadable.
export function readFrameData<T>(id: string): T | null {
  // The build renders frames with no document: there is no data.
  if (typeof document === "undefined") return null;
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
