// A modal question before something that cannot simply be undone (archive, delete a photo, leave
// with unsaved changes): the browser's own <dialog>, so focus stays inside and Escape cancels.
// Given `onSubmit`, the question is a form: its fields are the children, and Enter or the confirm
// button submits it.
import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useRef } from "react";

/** A modal <dialog> with its title, open while rendered; Escape calls `onCancel` unless `busy`. */
export function Dialog({
  title,
  className,
  busy = false,
  onCancel,
  children,
}: {
  title: string;
  className?: string;
  busy?: boolean;
  onCancel: () => void;
  children: (titleId: string) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `admin-dialog ${className}` : "admin-dialog"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="admin-dialog-title">
        {title}
      </h2>
      {children(titleId)}
    </dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action destroys or hides something: the confirm button says so by its colour. */
  danger?: boolean;
  busy?: boolean;
  /** Why the confirm button cannot be pressed yet, said beside it; none: it can. */
  notYet?: string | null;
  className?: string;
  onConfirm?: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  onCancel: () => void;
}

/** Render it only while the question is open. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  danger,
  busy = false,
  notYet = null,
  className,
  onConfirm,
  onSubmit,
  formRef,
  onCancel,
}: ConfirmDialogProps) {
  const notYetId = useId();
  const body = (
    <>
      <div className="admin-dialog-body">{children}</div>
      {notYet ? (
        <p id={notYetId} className="field-hint">
          {notYet}
        </p>
      ) : null}
      <div className="admin-dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type={onSubmit ? "submit" : "button"}
          className={danger ? "button admin-button-danger" : "button button-primary"}
          onClick={onSubmit ? undefined : onConfirm}
          disabled={busy || Boolean(notYet)}
          aria-describedby={notYet ? notYetId : undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </>
  );
  return (
    <Dialog title={title} className={className} busy={busy} onCancel={onCancel}>
      {(titleId) =>
        onSubmit ? (
          <form
            ref={formRef}
            className="form"
            noValidate
            onSubmit={onSubmit}
            aria-labelledby={titleId}
          >
            {body}
          </form>
        ) : (
          body
        )
      }
    </Dialog>
  );
}
