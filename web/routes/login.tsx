import { Link, Navigate, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { loginUser, type SessionAnswer } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { FormField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage, failureMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import {
  checkText,
  EMAIL_MAX,
  PASSWORD_MAX,
  requiredMessage,
} from "../features/account/validation";
import { useSession } from "../features/session/session-context";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function LoginPage() {
  usePageTitle("Sign in");
  const session = useSession();
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useAccountForm({ email: "", password: "" }, (values) => ({
    email: checkText(values.email, "email", true),
    password: values.password ? undefined : requiredMessage("password"),
  }));

  const onSubmit = form.submit(async (values) => {
    clearFailure();
    let answer: SessionAnswer;
    try {
      answer = await loginUser({ email: values.email.trim(), password: values.password });
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success || !answer.accessToken) {
      return fail(answerMessage(answer, ACCOUNT_MESSAGES.generic));
    }
    session.login(answer.accessToken, answer.role);
    toast.success(ACCOUNT_MESSAGES.loginSuccess);
    navigate(paths.home);
  });

  if (session.token && !form.sending) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Sign in"
      intro={<p>Sign in to see your orders and keep your cart on every device.</p>}
    >
      <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
        <FormField
          {...form.field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          required
        />
        <FormField
          {...form.field("password")}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          required
        />
        <Link to={paths.forgotPassword} className="account-aside-link">
          Forgot password?
        </Link>
        <FormAlert message={failure} />
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={form.sending}
        >
          {form.sending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p className="account-switch">
        New to the shop? <Link to={paths.signup}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}
