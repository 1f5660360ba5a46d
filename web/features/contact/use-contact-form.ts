// The contact form's state: validates with the Worker's own schema before sending, so the
// messages match, and maps a 400's field issues back onto the fields.
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  CONTACT_MESSAGES,
  type ContactInput,
  ContactSchema,
} from "../../../worker/contracts/forms";
import { ApiError, reportFailure } from "../../lib/api-client";
import { submitContactMessage } from "./api";

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMPTY: ContactValues = { firstName: "", lastName: "", email: "", phone: "", message: "" };

const isField = (name: unknown): name is ContactField =>
  CONTACT_FIELDS.includes(name as ContactField);

function clientErrors(issues: v.BaseIssue<unknown>[]): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue);
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The server answers `issues: [{ path, message }]` on a 400 (worker/http/validate.ts). */
function serverErrors(error: unknown): ContactErrors {
  const errors: ContactErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400) return errors;
  for (const issue of error.issues ?? []) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (isField(path) && typeof message === "string") errors[path] ??= message;
  }
  return errors;
}

export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    (element as HTMLElement | null)?.focus?.();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    if (!isField(name)) return;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSentTo(null);
    const parsed = v.safeParse(ContactSchema, values);
    if (!parsed.success) {
      const found = clientErrors(parsed.issues);
      setErrors(found);
      focusFirstInvalid(found);
      return;
    }
    const { phone, ...required } = parsed.output;
    const input: ContactInput = phone ? { ...required, phone } : required;
    setSending(true);
    try {
      await submitContactMessage(input);
      toast.success(CONTACT_MESSAGES.success);
      setValues(EMPTY);
      setErrors({});
      setSentTo(required.firstName);
    } catch (error) {
      reportFailure(error, CONTACT_MESSAGES.failure, { ignoreServerMessage: true });
      const found = serverErrors(error);
      setErrors(found);
      focusFirstInvalid(found);
    } finally {
      setSending(false);
    }
  };

  return { values, errors, sending, sentTo, formRef, onChange, onSubmit };
}
