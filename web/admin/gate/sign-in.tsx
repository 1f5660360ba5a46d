// Signing in to the back-office: the shop's own sign-in call, fields and stored session, so an
// admin signed in on the shop is signed in here too, and the other way round.
import { useState } from "react";
import { toast } from "react-toastify";
import { LoginSchema } from "../../../worker/contracts/auth";
import { EmailField, FormAlert, PasswordField, SubmitButton } from "../../components/form-kit";
import { loginUser } from "../../features/account/api";
import { failureMessage } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { storeSession } from "../../lib/stored-session";
import { useForm } from "../../lib/use-form";
import { useAdminTitle } from "../lib/use-admin-title";
import { GateFrame } from "./gate-frame";

const GENERIC_FAILURE = "Something went wrong. Please try again.";

export function AdminSignIn() {
  useAdminTitle("Sign in");
  const form = useForm({ email: "", password: "" }, LoginSchema);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.submit(async (input) => {
    setFailure(null);
    try {
      const answer = await loginUser(input);
      if (!answer.success || !answer.accessToken) {
        setFailure(answer.message || GENERIC_FAILURE);
        return;
      }
      storeSession(answer.accessToken, answer.role ?? null);
      toast.success("Signed in");
    } catch (error) {
      setFailure(failureMessage(error, GENERIC_FAILURE, { sayNetworkError: true }));
    }
  });

  return (
    <GateFrame title="Sign in">
      <p className="admin-gate-intro">
        The shop owner's back-office. Sign in with your shop account; it needs the admin role.
      </p>
      <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field("email")} />
        <PasswordField {...form.field("password")} />
        {/* The shop's own reset: the same account, a page of the shop (outside ADMIN_BASE). */}
        <a href={paths.forgotPassword} className="form-aside-link">
          Forgot password?
        </a>
        <FormAlert message={failure} />
        <SubmitButton large sending={form.sending} sendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p className="admin-gate-aside">
        <a href="/">Back to the shop</a>
      </p>
    </GateFrame>
  );
}
