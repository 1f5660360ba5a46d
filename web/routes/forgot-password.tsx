import { useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import { ForgotPasswordSchema } from "../../worker/contracts/auth";
import { type MessageAnswer, requestPasswordReset } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { EmailField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import { failureMessage } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const { failure, fail, clearFailure } = useFormFailure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({ email: "" }, ForgotPasswordSchema);

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
      <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field("email")} />
        <FormAlert message={failure} />
        <p className="account-status" role="status">
          {sentTo
            ? `If an account uses ${sentTo}, a reset link is on its way. It works once and expires soon.`
            : ""}
        </p>
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={form.sending}
        >
          {form.sending ? "Sending…" : "Send reset link"}
        </button>
      </form>
      <p className="account-switch">
        Remembered it? <Link to={paths.login}>Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
