// A decision with an optional note (approve a creator, release a commission): the question, what
// it does, the note checked with the endpoint's own schema, and the decision's failure said in the
// dialog. After a 409 (someone else decided first) its cancel button says Close.
import type { ReactNode } from "react";
import type * as v from "valibot";
import { FormAlert, TextField } from "../../components/form-kit";
import type { ApiError } from "../../lib/api-client";
import { useDialogForm } from "../lib/use-dialog-action";
import { ConfirmDialog } from "./confirm-dialog";

interface NoteDialogProps<O> {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  /** The body the note's form makes (formSchema over the endpoint's schema). */
  schema: v.GenericSchema<unknown, O>;
  note: { label: string; hint: string; maxLength: number };
  /** What the failure says when the Worker says nothing. */
  failed: string;
  onConflict?: (error: ApiError) => unknown;
  send: (input: O) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** Render it only while it is open. */
export function NoteDialog<O>({
  title,
  confirmLabel,
  danger,
  schema,
  note,
  failed,
  onConflict,
  send,
  onClose,
  children,
}: NoteDialogProps<O>) {
  const { form, failure, conflicted, dialog } = useDialogForm({
    initial: { note: "" },
    schema,
    failed,
    onConflict,
    send,
  });
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={conflicted ? "Close" : "Cancel"}
      danger={danger}
      {...dialog}
      onCancel={onClose}
    >
      {children}
      <TextField
        label={note.label}
        optional
        multiline
        rows={3}
        maxLength={note.maxLength}
        hint={note.hint}
        {...form.field("note")}
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}

/** A decision's button on its row (Approve, Reject), saying what it is about to screen readers. */
export function DecisionButton({
  label,
  about,
  danger = false,
  onClick,
}: {
  label: string;
  /** The rest of its name for screen readers: "Meera Iyer", "the commission on order #1a2b". */
  about: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={
        danger
          ? "button button-small admin-button-danger-ghost"
          : "button button-primary button-small"
      }
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {about}</span>
    </button>
  );
}
