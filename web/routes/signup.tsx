import { Link, Navigate } from "react-router-dom";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  RegisterSchema,
} from "../../worker/contracts/auth";
import { registerUser } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { EmailField, FormField, NameField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES } from "../features/account/messages";
import { useAccountForm } from "../features/account/use-account-form";
import { useSignIn } from "../features/account/use-sign-in";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function SignupPage() {
  usePageTitle("Create an account");
  const { failure, signIn, signedIn } = useSignIn(ACCOUNT_MESSAGES.signupSuccess);
  const form = useAccountForm({ name: "", email: "", password: "" }, RegisterSchema);

  const onSubmit = form.submit(async (input) => {
    await signIn(() => registerUser(input));
  });

  if (signedIn && !form.sending) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout
      eyebrow="Join us"
      title="Create an account"
      intro={<p>Save your details, follow your orders and keep your cart between visits.</p>}
    >
      <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
        <NameField {...form.field("name")} label="Full name" />
        <EmailField {...form.field("email")} />
        <FormField
          {...form.field("password")}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          maxLength={MAX_PASSWORD_LENGTH}
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
