import type { MetaFunction } from "react-router";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import { RESET_LINK_INVALID, ResetPasswordSchema } from "../../worker/contracts/auth";
import { FormAlert, PasswordField, SubmitButton } from "../components/form-kit";
import { type MessageAnswer, resetPassword } from "../features/account/api";
import { AuthLayout } from "../features/account/components/auth-layout";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { failureMessage } from "../lib/api-client";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";

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

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Set a new password",
    description: "Set a new password for your Tamra & Tara account.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useForm({ password: "", confirm: "" }, NewPasswordSchema, checkConfirmation);

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
        <form ref={form.formRef} className="form account-form" noValidate onSubmit={onSubmit}>
          <PasswordField {...form.field("password")} label="New password" isNew />
          <PasswordField
            {...form.field("confirm")}
            label="Confirm new password"
            isNew
            hint={undefined}
          />
          <FormAlert message={failure} />
          <SubmitButton large sending={form.sending} sendingLabel="Saving…">
            Save new password
          </SubmitButton>
        </form>
      ) : (
        <p className="form-alert" role="alert">
          {RESET_LINK_INVALID}
        </p>
      )}
      <p className="account-switch">
        Need a fresh link? <Link to={paths.forgotPassword}>Request a new one</Link>
      </p>
    </AuthLayout>
  );
}

export default ResetPasswordPage;
