// How a dialog's action goes: one at a time (a second click waits for the first), its failure
// said in the dialog as well as in a toast (the dialog sits above the toasts), a 409 (someone else
// changed it first) told to the screen, and focus given back to what opened the dialog.
import { useEffect, useState } from "react";
import type * as v from "valibot";
import { ApiError, failureMessage } from "../../lib/api-client";
import { type Errors, useForm, type Values } from "../../lib/use-form";
import { isGateRefusal, reportAdminFailure } from "./admin-api";

/**
 * A dialog that is rendered only while open gives keyboard focus back to what opened it (the
 * Refund or Cancel order button) when it goes, rather than leaving it on the page's start. The
 * opener is read while rendering, before the dialog takes focus.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}

/** An action's failure said where it was asked (and in a toast), one action at a time. */
export function useActionFailure(failed: string, onConflict?: (error: ApiError) => unknown) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflicted, setConflicted] = useState(false);

  /** Says why `error` failed, in the dialog and a toast (nothing for a refusal the gate shows). */
  const fail = async (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setConflicted(true);
      await onConflict?.(error);
    }
    if (!isGateRefusal(error)) setFailure(failureMessage(error, failed, { sayNetworkError: true }));
    reportAdminFailure(error, failed);
  };

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, conflicted, run, fail, clearFailure: () => setFailure(null) };
}

/** A dialog's action: as useActionFailure, and focus goes back to what opened the dialog. */
export function useDialogAction(failed: string, onConflict?: (error: ApiError) => unknown) {
  useReturnFocus();
  return useActionFailure(failed, onConflict);
}

/**
 * A dialog that is a form: checked with the endpoint's schema, sent once valid, the Worker's field
 * errors shown on their fields and any other failure in the dialog (and a toast). `spent` hears
 * every failure first (a refund's request key). Spread `dialog` into the ConfirmDialog.
 */
export function useDialogForm<F extends string, O>({
  initial,
  schema,
  check,
  failed,
  onConflict,
  spent,
  send,
}: {
  initial: Values<F>;
  schema: v.GenericSchema<unknown, O>;
  check?: (values: Values<F>) => Errors<F>;
  failed: string;
  onConflict?: (error: ApiError) => unknown;
  spent?: (error: unknown) => void;
  send: (input: O) => Promise<void>;
}) {
  const form = useForm(initial, schema, check);
  const action = useDialogAction(failed, onConflict);
  const onSubmit = form.submit(async (input) => {
    action.clearFailure();
    try {
      await send(input);
    } catch (error) {
      spent?.(error);
      if (!form.showServerErrors(error)) await action.fail(error);
    }
  });
  return {
    form,
    failure: action.failure,
    conflicted: action.conflicted,
    dialog: { busy: form.sending, onSubmit, formRef: form.formRef },
  };
}
