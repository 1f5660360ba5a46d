// Form state shared by the account and checkout screens: values, per-field errors from the
// endpoint's own valibot schema (so each field says what the Worker would), focus on the first
// invalid field, and a sending flag that keeps a second submit from going out.
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";

export type Values<F extends string> = Record<F, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;

type Control = HTMLInputElement | HTMLTextAreaElement;

/** The first message for each field, from the schema's issues and then the screen's own checks. */
function fieldErrors<F extends string>(
  fields: readonly F[],
  issues: readonly v.BaseIssue<unknown>[],
  own: Errors<F>,
): Errors<F> {
  const found: Errors<F> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) as F | null;
    if (field && fields.includes(field)) found[field] ??= issue.message;
  }
  for (const field of fields) {
    if (own[field]) found[field] ??= own[field];
  }
  return found;
}

/**
 * `schema` is the endpoint's request schema; `submit` hands its output (trimmed, emails
 * lower-cased) to `send`. `check` adds what only the screen knows, such as a password typed twice.
 */
export function useAccountForm<F extends string, TOutput>(
  initial: Values<F>,
  schema: v.GenericSchema<unknown, TOutput>,
  check: (values: Values<F>) => Errors<F> = () => ({}),
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

  /** Validates, then runs `send` with the schema's output; `send` reports its own outcome. */
  const submit =
    (send: (input: TOutput, values: Values<F>) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      if (sending) return;
      const parsed = v.safeParse(schema, values);
      const found = fieldErrors(fields, parsed.success ? [] : parsed.issues, check(values));
      setErrors(found);
      if (!parsed.success || Object.keys(found).length > 0) {
        focusField(fields.find((field) => found[field]));
        return;
      }
      setSending(true);
      try {
        await send(parsed.output, values);
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
