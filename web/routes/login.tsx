import { Link, Navigate } from "react-router-dom";
import { LoginSchema, MAX_PASSWORD_LENGTH } from "../../worker/contracts/auth";
import { loginUser } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { EmailField, FormField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES } from "../features/account/messages";
import { useAccountForm } from "../features/account/use-account-form";
import { useSignIn } from "../features/account/use-sign-in";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function LoginPage() {
  usePageTitle("Sign in");
  const { failure, signIn, signedIn } = useSignIn(ACCOUNT_MESSAGES.loginSuccess);
  const form = useAccountForm({ email: "", password: "" }, LoginSchema);

  const onSubmit = form.submit(async (input) => {
    await signIn(() => loginUser(input));
  });

  if (signedIn && !form.sending) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Sign in"
      intro={<p>Sign in to see your orders and keep your cart on every device.</p>}
    >
      <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field("email")} />
        <FormField
          {...form.field("password")}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={MAX_PASSWORD_LENGTH}
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
