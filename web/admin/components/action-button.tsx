// A button that runs one request at a time (a download, a status change): it says `busyLabel`
// meanwhile, and a failure is the back-office's toast.
import { type ReactNode, useState } from "react";
import { reportAdminFailure } from "../lib/admin-api";

export function ActionButton({
  run,
  failed,
  busyLabel,
  children,
  className = "button button-ghost",
}: {
  run: () => Promise<unknown>;
  /** What the toast says when the Worker says nothing. */
  failed: string;
  busyLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      reportAdminFailure(error, failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
