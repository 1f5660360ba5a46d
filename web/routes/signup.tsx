import type { MetaFunction } from "react-router";
import { Link, Navigate } from "react-router-dom";
import { RegisterSchema } from "../../worker/contracts/auth";
import {
  EmailField,
  FormAlert,
  NameField,
  PasswordField,
  SubmitButton,
} from "../components/form-kit";
import { registerUser } from "../features/account/api";
import { AuthLayout } from "../features/account/components/auth-layout";
import { ACCOUNT_MESSAGES } from "../features/account/messages";
import { useSignIn } from "../features/account/use-sign-in";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";
import { useForm } from "../lib/use-form";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Create an account",
    description:
      "Create a Tamra & Tara account: keep your cart, follow your orders and check out faster.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function SignupPage() {
  const { failure, signIn, signedIn } = useSignIn(ACCOUNT_MESSAGES.signupSuccess);
  const form = useForm({ name: "", email: "", password: "" }, RegisterSchema);

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
      <form ref={form.formRef} className="form account-form" noValidate onSubmit={onSubmit}>
        <NameField {...form.field("name")} label="Full name" />
        <EmailField {...form.field("email")} />
        <PasswordField {...form.field("password")} isNew />
        <FormAlert message={failure} />
        <SubmitButton large sending={form.sending} sendingLabel="Creating account…">
          Create account
        </SubmitButton>
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

export default SignupPage;
