// The contact form: the one form hook (lib/use-form.ts) with the Worker's own contact schema, so
// the messages match; a 400's field issues land on the fields; once sent, it thanks the sender.
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import {
  CONTACT_MESSAGES,
  type ContactInput,
  ContactSchema,
} from "../../../worker/contracts/contact";
import { reportFailure } from "../../lib/api-client";
import { useForm } from "../../lib/use-form";
import { submitContactMessage } from "./api";

const EMPTY = { firstName: "", lastName: "", email: "", phone: "", message: "" };
export type ContactField = keyof typeof EMPTY;

export function useContactForm() {
  const form = useForm(EMPTY, ContactSchema);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = form.submit(async ({ phone, ...required }) => {
    const input: ContactInput = phone ? { ...required, phone } : required;
    try {
      await submitContactMessage(input);
      toast.success(CONTACT_MESSAGES.success);
      form.reset(EMPTY);
      setSentTo(required.firstName);
    } catch (error) {
      reportFailure(error, CONTACT_MESSAGES.failure, { ignoreServerMessage: true });
      form.showServerErrors(error);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSentTo(null);
    return send(event);
  };

  return { ...form, sentTo, onSubmit };
}
