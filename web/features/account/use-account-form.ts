// Form state shared by the account screens: values, per-field errors, focus on the first
// invalid field, and a sending flag that keeps a second submit from going out.
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import { compact, type Errors } from "./validation";

export type Values<F extends string> = Record<F, string>;

type Control = HTMLInputElement | HTMLTextAreaElement;

export function useAccountForm<F extends string>(
  initial: Values<F>,
  validate: (values: Values<F>) => Errors<F>,
) {
  const [values, setValues] = useState<Values<F>>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = Object.keys(initial) as F[];

  const focusField = (field: F | undefined) => {
    const element = field ? formRef.current?.elements.namedItem(field) : null;
    (element as HTMLElement | null)?.focus?.();
  };

  const onChange = (event: ChangeEvent<Control>) => {
    const name = event.target.name as F;
    if (!fields.includes(name)) return;
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  /** Validates, then runs `send` with the values; `send` reports its own outcome. */
  const submit = (send: (values: Values<F>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = compact(validate(values));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(fields.find((field) => found[field]));
      return;
    }
    setSending(true);
    try {
      await send(values);
    } finally {
      setSending(false);
    }
  };

  const reset = (next: Values<F>) => {
    setValues(next);
    setErrors({});
  };

  const field = (name: F) => ({ name, value: values[name], error: errors[name], onChange });

  return { values, errors, sending, formRef, field, submit, reset, focusField };
}

/** The last failure of a form: shown inline (role="alert") and as a toast. */
export function useFormFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (message: string) => {
    setFailure(message);
    toast.error(message);
  };
  return { failure, fail, clearFailure: () => setFailure(null) };
}
