import { useState } from "react";
import type { MetaFunction } from "react-router";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import { ForgotPasswordSchema } from "../../worker/contracts/auth";
import { EmailField, FormAlert, SubmitButton } from "../components/form-kit";
import { type MessageAnswer, requestPasswordReset } from "../features/account/api";
import { AuthLayout } from "../features/account/components/auth-layout";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { failureMessage } from "../lib/api-client";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Forgot password",
    description: "Forgotten your password? We will email you a link to set a new one.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function ForgotPasswordPage() {
  const { failure, fail, clearFailure } = useFormFailure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ email: "" }, ForgotPasswordSchema);

  const onSubmit = form.submit(async ({ email }, values) => {
    clearFailure();
    setSentTo(null);
    let answer: MessageAnswer;
    try {
      answer = await requestPasswordReset(email);
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.generic));
    toast.success(ACCOUNT_MESSAGES.resetLinkSent);
    setSentTo(values.email.trim());
  });

  return (
    <AuthLayout
      eyebrow="Password recovery"
      title="Forgot your password?"
      intro={
        <p>Enter the email you signed up with and we will send you a link to set a new one.</p>
      }
    >
      <form ref={form.formRef} className="form account-form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field("email")} />
        <FormAlert message={failure} />
        <p className="account-status" role="status">
          {sentTo
            ? `If an account uses ${sentTo}, a reset link is on its way. It works once and expires soon.`
            : ""}
        </p>
        <SubmitButton large sending={form.sending} sendingLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <p className="account-switch">
        Remembered it? <Link to={paths.login}>Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
