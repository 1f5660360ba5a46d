import { useRef, useState } from "react";
import { Navigate } from "react-router-dom";
import { toast } from "react-toastify";
import { EMAIL_CHANGE_MESSAGES, UpdateUserSchema } from "../../worker/contracts/account";
import { type AccountUser, updateProfile } from "../features/account/api";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { fetchMe } from "../features/session/api";
import { useSession } from "../features/session/session-context";
import { failureMessage, isSessionExpired } from "../lib/api-client";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";
import { useLoad } from "../lib/use-load";
import "../features/account/components/account.css";
import "./profile.css";
import type { MetaFunction } from "react-router";
import {
  EmailField,
  FormActions,
  FormAlert,
  NameField,
  PasswordField,
} from "../components/form-kit";
import { PageLoading } from "../components/page-loading";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { useSessionKnown } from "../lib/stored-session";

async function loadUser(signal: AbortSignal): Promise<AccountUser> {
  const answer = await fetchMe(signal);
  if (!answer.success || !answer.user) throw new Error(ACCOUNT_MESSAGES.profileLoadFailed);
  return answer.user;
}

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "My profile",
    description: "Your Tamra & Tara account: your name and email.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function ProfilePage() {
  const session = useSession();
  const known = useSessionKnown();
  const state = useLoad(loadUser, {
    enabled: Boolean(session.token),
    failure: { fallback: ACCOUNT_MESSAGES.profileLoadFailed, ignoreServerMessage: true },
  });
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { failure, fail, clearFailure } = useFormFailure();
  const user = state.status === "loaded" ? state.data : null;
  // A new email needs the current password (the Worker checks it, then mails a link to confirm).
  const changesEmail = (email: string) =>
    user !== null && email.trim().toLowerCase() !== user.email;
  const form = useForm(
    { name: "", email: "", currentPassword: "" },
    UpdateUserSchema,
    (values): { currentPassword?: string } =>
      changesEmail(values.email) && !values.currentPassword
        ? { currentPassword: EMAIL_CHANGE_MESSAGES.passwordRequired }
        : {},
  );
  const askPassword = changesEmail(form.values.email);

  if (!session.token) {
    if (!known) return <PageLoading />;
    return session.leaving ? null : <Navigate to={paths.login} replace />;
  }

  const startEditing = () => {
    if (!user) return;
    form.reset({ name: user.name, email: user.email, currentPassword: "" });
    clearFailure();
    setEditing(true);
    requestAnimationFrame(() => form.focusField("name"));
  };

  const stopEditing = () => {
    if (user) form.reset({ name: user.name, email: user.email, currentPassword: "" });
    clearFailure();
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const onSubmit = form.submit(async (update) => {
    clearFailure();
    try {
      const pending = changesEmail(update.email);
      // The password goes only with an email change, never left over from a hidden field.
      const { currentPassword: _password, ...fields } = update;
      const answer = await updateProfile(pending ? update : fields);
      if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.updateFailed));
      // Until its link is opened, the email stays the loaded one.
      const saved = { ...(user as AccountUser), name: update.name };
      state.replace(answer.user ?? saved);
      if (pending) toast.info(answerMessage(answer, ACCOUNT_MESSAGES.profileUpdated));
      else toast.success(ACCOUNT_MESSAGES.profileUpdated);
      setEditing(false);
      void session.refreshUser();
    } catch (error) {
      if (!isSessionExpired(error)) fail(failureMessage(error, ACCOUNT_MESSAGES.updateFailed));
    }
  });

  return (
    <div className="profile-page">
      <section className="profile-card" aria-labelledby="profile-title">
        <p className="eyebrow">Your account</p>
        <h1 id="profile-title" className="auth-title">
          My profile
        </h1>
        {state.status === "loading" || session.loading ? (
          <p className="account-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading your profile…
          </p>
        ) : state.status === "failed" ? (
          <p className="form-alert" role="alert">
            {ACCOUNT_MESSAGES.profileLoadFailed}
          </p>
        ) : editing ? (
          <form ref={form.formRef} className="form account-form" noValidate onSubmit={onSubmit}>
            <NameField {...form.field("name")} />
            <EmailField {...form.field("email")} />
            {askPassword ? (
              <PasswordField
                label="Current password"
                hint="Needed to change your email. We'll send a link to the new address to confirm it."
                {...form.field("currentPassword")}
              />
            ) : null}
            <FormAlert message={failure} />
            <FormActions sending={form.sending} sendingLabel="Saving..." onCancel={stopEditing}>
              Save
            </FormActions>
          </form>
        ) : (
          <>
            <dl className="account-details">
              <div>
                <dt>Name</dt>
                <dd>{user?.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user?.email}</dd>
              </div>
            </dl>
            <div className="form-actions">
              <button
                ref={editButton}
                type="button"
                className="button button-primary"
                onClick={startEditing}
              >
                Edit Profile
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

export default ProfilePage;
