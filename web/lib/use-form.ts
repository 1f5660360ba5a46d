// The one way a form works: values, per-field errors from the endpoint's own valibot schema (so
// each field says what the Worker would), the Worker's own field errors from a 400, focus on the
// first invalid field, and a sending flag that keeps a second submit from going out.
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import { ApiError } from "./api-client";

export type Values<F extends string> = Record<F, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A checkbox's value is "true" or "false"; every other control's is its text. */
const controlValue = (control: Control): string =>
  control instanceof HTMLInputElement && control.type === "checkbox"
    ? String(control.checked)
    : control.value;

/** The form field an issue belongs to: its path's first key (`tags.2` belongs to `tags`). */
const fieldOf = (path: string | null): string | null => path?.split(".")[0] ?? null;

/** The first message for each field, from the schema's issues and then the screen's own checks. */
function fieldErrors<F extends string>(
  fields: readonly F[],
  issues: readonly v.BaseIssue<unknown>[],
  own: Errors<F>,
): Errors<F> {
  const found: Errors<F> = {};
  for (const issue of issues) {
    const field = fieldOf(v.getDotPath(issue)) as F | null;
    if (field && fields.includes(field)) found[field] ??= issue.message;
  }
  for (const field of fields) {
    if (own[field]) found[field] ??= own[field];
  }
  return found;
}

/** The Worker's field errors: a 400 answers `issues: [{ path, message }]` (worker/http/validate.ts). */
function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return (error.issues ?? []).flatMap((issue) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === "string" && typeof message === "string"
      ? [{ path: fieldOf(path) ?? path, message }]
      : [];
  });
}

/** What a field's control needs from the form. */
export interface FieldBinding<F extends string> {
  name: F;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<Control>) => void;
}

/**
 * `schema` is the endpoint's request schema; `submit` hands its output (trimmed, emails
 * lower-cased) to `send`. `check` adds what only the screen knows, such as a password typed twice.
 */
export function useForm<F extends string, TOutput>(
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
    const value = controlValue(event.target);
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  /**
   * Validates, then runs `send` with the schema's output; `send` reports its own outcome. On
   * invalid input the fields show their errors, and `invalid` hears of them too (a form that also
   * toasts them).
   */
  const submit =
    (
      send: (input: TOutput, values: Values<F>) => Promise<void>,
      invalid?: (found: Errors<F>) => void,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (sending) return;
      const parsed = v.safeParse(schema, values);
      const found = fieldErrors(fields, parsed.success ? [] : parsed.issues, check(values));
      setErrors(found);
      if (!parsed.success || Object.keys(found).length > 0) {
        focusField(fields.find((field) => found[field]));
        invalid?.(found);
        return;
      }
      setSending(true);
      try {
        await send(parsed.output, values);
      } finally {
        setSending(false);
      }
    };

  /** Shows the Worker's own field errors from a failed send; true when there were any. */
  const showServerErrors = (error: unknown): boolean => {
    const found: Errors<F> = {};
    for (const { path, message } of serverIssues(error)) {
      if (fields.includes(path as F)) found[path as F] ??= message;
    }
    setErrors(found);
    focusField(fields.find((field) => found[field]));
    return Object.keys(found).length > 0;
  };

  const reset = (next: Values<F>) => {
    setValues(next);
    setErrors({});
  };

  const field = (name: F): FieldBinding<F> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange,
  });

  return { values, errors, sending, formRef, field, submit, reset, focusField, showServerErrors };
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
