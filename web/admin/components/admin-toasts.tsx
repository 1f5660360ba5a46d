// Where the back-office's toasts appear: in the flow of the header (below its tabs) or above the
// gate's card, never laid over the screen, so no toast ever covers a button at any width. An error
// toast goes once the next action succeeds: it no longer describes the screen.
import { type Id, ToastContainer, toast } from "react-toastify";

/** Long enough to read what went wrong. */
export const ADMIN_TOAST_AUTO_CLOSE_MS = 4000;

const errors = new Set<Id>();
toast.onChange((item) => {
  if (item.type === "error") {
    if (item.status === "removed") errors.delete(item.id);
    else errors.add(item.id);
  } else if (item.type === "success" && item.status === "added") {
    for (const id of errors) toast.dismiss(id);
  }
});

export function AdminToasts() {
  return (
    <ToastContainer
      className="admin-toasts"
      position="top-center"
      autoClose={ADMIN_TOAST_AUTO_CLOSE_MS}
      newestOnTop
    />
  );
}
