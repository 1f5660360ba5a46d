import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import {
  CreatorRegisterSchema,
  MAX_BIO_LENGTH,
  MAX_SOCIALS_LENGTH,
} from "../../worker/contracts/account";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../worker/contracts/auth";
import { MAX_EMAIL_LENGTH } from "../../worker/contracts/fields";
import { type MessageAnswer, registerCreator } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { CreatorPitch } from "../features/account/components/creator-pitch";
import { FormField, NameField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import { failureMessage } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

const EMPTY = { name: "", email: "", password: "", payoutEmail: "", socials: "", bio: "" };

export function CreatorSignupPage() {
  usePageTitle("Become a Content Creator");
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useAccountForm(EMPTY, CreatorRegisterSchema);

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
        className="account-form is-two-column"
        noValidate
        onSubmit={onSubmit}
      >
        <NameField {...form.field("name")} />
        <FormField
          {...form.field("email")}
          label="Email"
          inputMode="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          required
        />
        <FormField
          {...form.field("password")}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          maxLength={MAX_PASSWORD_LENGTH}
          required
        />
        <FormField
          {...form.field("payoutEmail")}
          label="Payout email"
          inputMode="email"
          autoComplete="email"
          hint="Where we send your commission."
          maxLength={MAX_EMAIL_LENGTH}
          required
        />
        <FormField
          {...form.field("socials")}
          label="Social links"
          autoComplete="url"
          hint="Separate links with commas."
          maxLength={MAX_SOCIALS_LENGTH}
          multiline
        />
        <FormField
          {...form.field("bio")}
          label="Bio"
          autoComplete="off"
          hint="A few lines about you and your audience."
          maxLength={MAX_BIO_LENGTH}
          multiline
        />
        <FormAlert message={failure} />
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={form.sending}
        >
          {form.sending ? "Applying…" : "Apply as a creator"}
        </button>
      </form>
      <p className="account-switch">
        Already a creator? <Link to={paths.login}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}
