import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  RESET_LINK_INVALID,
  ResetPasswordSchema,
} from "../../worker/contracts/auth";
import { type MessageAnswer, resetPassword } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { FormField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import { failureMessage } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

// The token comes from the link, not the form; a bad one is the server's to refuse.
const NewPasswordSchema = v.pick(ResetPasswordSchema, ["password"]);

/** Typing the new password twice is the screen's own check; the API takes one. */
const checkConfirmation = ({ password, confirm }: { password: string; confirm: string }) => ({
  confirm: !confirm
    ? "Please confirm your new password."
    : confirm !== password
      ? "Passwords do not match."
      : undefined,
});

export function ResetPasswordPage() {
  usePageTitle("Set a new password");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useAccountForm({ password: "", confirm: "" }, NewPasswordSchema, checkConfirmation);

  const onSubmit = form.submit(async ({ password }) => {
    clearFailure();
    let answer: MessageAnswer;
    try {
      answer = await resetPassword(token, password);
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success) return fail(answerMessage(answer, RESET_LINK_INVALID));
    toast.success(answerMessage(answer, ACCOUNT_MESSAGES.passwordReset));
    navigate(paths.login, { replace: true });
  });

  return (
    <AuthLayout eyebrow="Password recovery" title="Set a new password">
      {token ? (
        <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
          <FormField
            {...form.field("password")}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            maxLength={MAX_PASSWORD_LENGTH}
            required
          />
          <FormField
            {...form.field("confirm")}
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={MAX_PASSWORD_LENGTH}
            required
          />
          <FormAlert message={failure} />
          <button
            type="submit"
            className="button button-primary button-large"
            disabled={form.sending}
          >
            {form.sending ? "Saving…" : "Save new password"}
          </button>
        </form>
      ) : (
        <p className="account-alert" role="alert">
          {RESET_LINK_INVALID}
        </p>
      )}
      <p className="account-switch">
        Need a fresh link? <Link to={paths.forgotPassword}>Request a new one</Link>
      </p>
    </AuthLayout>
  );
}
