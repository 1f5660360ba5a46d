// Saving a file the Worker answered (a CSV export) on this device. The Worker needs the token
// header, so an export cannot be a plain link: it is fetched (api.ts), then handed to the browser
// as an object URL behind a link with a download name.

/** How long the object URL outlives the click: some browsers read it only after click returns. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
