import type { MetaFunction } from "react-router";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { CreatorRegisterSchema } from "../../worker/contracts/account";
import {
  EmailField,
  FormAlert,
  NameField,
  PasswordField,
  SubmitButton,
} from "../components/form-kit";
import { type MessageAnswer, registerCreator } from "../features/account/api";
import { AuthLayout } from "../features/account/components/auth-layout";
import { CreatorFields } from "../features/account/components/creator-fields";
import { CreatorPitch } from "../features/account/components/creator-pitch";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { failureMessage } from "../lib/api-client";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";

const EMPTY = { name: "", email: "", password: "", payoutEmail: "", socials: "", bio: "" };

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Become a Content Creator",
    description:
      "Join the Tamra & Tara creator programme: share your own affiliate code and earn a commission on every sale it brings.",
    path: location.pathname,
    origin: shopOrigin(matches),
  });

export function CreatorSignupPage() {
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useForm(EMPTY, CreatorRegisterSchema);

  const onSubmit = form.submit(async (input) => {
    clearFailure();
    let answer: MessageAnswer;
    try {
      answer = await registerCreator(input);
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.creatorSignupFailed));
    }
    if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.creatorSignupFailed));
    toast.success(ACCOUNT_MESSAGES.creatorCreated);
    navigate(paths.login);
  });

  return (
    <AuthLayout
      wide
      eyebrow="Creators"
      title="Become a Content Creator"
      intro={
        <p>Join our affiliate programme and share pieces made to bring calm and good fortune.</p>
      }
      aside={<CreatorPitch />}
    >
      <form
        ref={form.formRef}
        className="form account-form is-two-column"
        noValidate
        onSubmit={onSubmit}
      >
        <NameField {...form.field("name")} />
        {/* SPEC.md section 9: no email-type check on the creator signup's email field. */}
        <EmailField {...form.field("email")} type="text" />
        <PasswordField {...form.field("password")} isNew />
        <CreatorFields field={form.field} application />
        <FormAlert message={failure} />
        <SubmitButton large sending={form.sending} sendingLabel="Applying…">
          Apply as a creator
        </SubmitButton>
      </form>
      <p className="account-switch">
        Already a creator? <Link to={paths.login}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}

export default CreatorSignupPage;
