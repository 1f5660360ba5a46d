import { Link, Navigate, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { registerUser, type SessionAnswer } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { FormField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage, failureMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import {
  checkNewPassword,
  checkText,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "../features/account/validation";
import { useSession } from "../features/session/session-context";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function SignupPage() {
  usePageTitle("Create an account");
  const session = useSession();
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useAccountForm({ name: "", email: "", password: "" }, (values) => ({
    name: checkText(values.name, "full name"),
    email: checkText(values.email, "email", true),
    password: checkNewPassword(values.password),
  }));

  const onSubmit = form.submit(async ({ name, email, password }) => {
    clearFailure();
    let answer: SessionAnswer;
    try {
      answer = await registerUser({ name: name.trim(), email: email.trim(), password });
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success || !answer.accessToken) {
      return fail(answerMessage(answer, ACCOUNT_MESSAGES.generic));
    }
    session.login(answer.accessToken, answer.role);
    toast.success(ACCOUNT_MESSAGES.signupSuccess);
    navigate(paths.home);
  });

  if (session.token && !form.sending) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout
      eyebrow="Join us"
      title="Create an account"
      intro={<p>Save your details, follow your orders and keep your cart between visits.</p>}
    >
      <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
        <FormField
          {...form.field("name")}
          label="Full name"
          autoComplete="name"
          maxLength={NAME_MAX}
          required
        />
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
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          maxLength={PASSWORD_MAX}
          required
        />
        <FormAlert message={failure} />
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={form.sending}
        >
          {form.sending ? "Creating account…" : "Create account"}
        </button>
      </form>
      <p className="account-switch">
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
      <p className="account-switch">
        Share our pieces with your audience?{" "}
        <Link to={paths.creatorSignup}>Become a content creator</Link>
      </p>
    </AuthLayout>
  );
}
