import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { type MessageAnswer, registerCreator } from "../features/account/api";
import { AuthLayout, FormAlert } from "../features/account/components/auth-layout";
import { CreatorPitch } from "../features/account/components/creator-pitch";
import { FormField, NameField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage, failureMessage } from "../features/account/messages";
import { useAccountForm, useFormFailure } from "../features/account/use-account-form";
import {
  BIO_MAX,
  checkNewPassword,
  checkText,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SOCIALS_MAX,
} from "../features/account/validation";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

const EMPTY = { name: "", email: "", password: "", payoutEmail: "", socials: "", bio: "" };

export function CreatorSignupPage() {
  usePageTitle("Become a Content Creator");
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();
  // SPEC.md section 5: the email field is only required here, not checked for shape.
  const form = useAccountForm(EMPTY, (values) => ({
    name: checkText(values.name, "name"),
    email: checkText(values.email, "email"),
    password: checkNewPassword(values.password),
    payoutEmail: checkText(values.payoutEmail, "payout email"),
  }));

  const onSubmit = form.submit(async (values) => {
    clearFailure();
    const trimmed = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      payoutEmail: values.payoutEmail.trim(),
      socials: values.socials.trim(),
      bio: values.bio.trim(),
    };
    let answer: MessageAnswer;
    try {
      answer = await registerCreator(trimmed);
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
        <FormField
          {...form.field("payoutEmail")}
          label="Payout email"
          inputMode="email"
          autoComplete="email"
          hint="Where we send your commission."
          maxLength={EMAIL_MAX}
          required
        />
        <FormField
          {...form.field("socials")}
          label="Social links"
          autoComplete="url"
          hint="Separate links with commas."
          maxLength={SOCIALS_MAX}
          multiline
        />
        <FormField
          {...form.field("bio")}
          label="Bio"
          autoComplete="off"
          hint="A few lines about you and your audience."
          maxLength={BIO_MAX}
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
