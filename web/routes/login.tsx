import type { MetaFunction } from "react-router";
import { Link, Navigate } from "react-router-dom";
import { LoginSchema } from "../../worker/contracts/auth";
import { EmailField, FormAlert, PasswordField, SubmitButton } from "../components/form-kit";
import { loginUser } from "../features/account/api";
import { AuthLayout } from "../features/account/components/auth-layout";
import { ACCOUNT_MESSAGES } from "../features/account/messages";
import { useSignIn } from "../features/account/use-sign-in";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";
import { useForm } from "../lib/use-form";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Sign in",
    description: "Sign in to your Tamra & Tara account to see your orders and check out faster.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function LoginPage() {
  const { failure, signIn, signedIn } = useSignIn(ACCOUNT_MESSAGES.loginSuccess);
  const form = useForm({ email: "", password: "" }, LoginSchema);

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
      <form ref={form.formRef} className="form account-form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field("email")} />
        <PasswordField {...form.field("password")} />
        <Link to={paths.forgotPassword} className="form-aside-link">
          Forgot password?
        </Link>
        <FormAlert message={failure} />
        <SubmitButton large sending={form.sending} sendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p className="account-switch">
        New to the shop? <Link to={paths.signup}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

export default LoginPage;
