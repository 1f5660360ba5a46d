import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { type MessageAnswer, resetPassword } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { FormField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage, failureMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import {
  checkNewPassword,
  PASSWORD_MATCH_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "../features/account/validation";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function ResetPasswordPage() {
  usePageTitle("Set a new password");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useAccountForm({ password: "", confirm: "" }, (values) => ({
    password: checkNewPassword(values.password),
    confirm: !values.confirm
      ? "Please confirm your new password."
      : values.confirm !== values.password
        ? PASSWORD_MATCH_MESSAGE
        : undefined,
  }));

  const onSubmit = form.submit(async ({ password }) => {
    clearFailure();
    let answer: MessageAnswer;
    try {
      answer = await resetPassword(token, password);
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.invalidResetLink));
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
            hint={`At least ${PASSWORD_MIN} characters.`}
            maxLength={PASSWORD_MAX}
            required
          />
          <FormField
            {...form.field("confirm")}
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
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
          {ACCOUNT_MESSAGES.invalidResetLink}
        </p>
      )}
      <p className="account-switch">
        Need a fresh link? <Link to={paths.forgotPassword}>Request a new one</Link>
      </p>
    </AuthLayout>
  );
}
