import { useRef, useState } from "react";
import { Navigate } from "react-router-dom";
import { toast } from "react-toastify";
import { UpdateUserSchema } from "../../worker/contracts/account";
import { type AccountUser, updateProfile } from "../features/account/api";
import { FormAlert } from "../features/account/components/auth-layout";
import { EmailField, NameField } from "../features/account/components/form-field";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { fetchMe } from "../features/session/api";
import { useSession } from "../features/session/session-context";
import { failureMessage, isSessionExpired } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";
import { useLoad } from "../lib/use-load";
import "../features/account/components/account.css";
import "./profile.css";

async function loadUser(signal: AbortSignal): Promise<AccountUser> {
  const answer = await fetchMe(signal);
  if (!answer.success || !answer.user) throw new Error(ACCOUNT_MESSAGES.profileLoadFailed);
  return answer.user;
}

export function ProfilePage() {
  usePageTitle("My profile");
  const session = useSession();
  const state = useLoad(loadUser, {
    enabled: Boolean(session.token),
    failure: { fallback: ACCOUNT_MESSAGES.profileLoadFailed, ignoreServerMessage: true },
  });
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { failure, fail, clearFailure } = useFormFailure();
  const form = useForm({ name: "", email: "" }, UpdateUserSchema);
  const user = state.status === "loaded" ? state.data : null;

  if (!session.token) return session.leaving ? null : <Navigate to={paths.login} replace />;

  const startEditing = () => {
    if (!user) return;
    form.reset({ name: user.name, email: user.email });
    clearFailure();
    setEditing(true);
    requestAnimationFrame(() => form.focusField("name"));
  };

  const stopEditing = () => {
    if (user) form.reset({ name: user.name, email: user.email });
    clearFailure();
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const onSubmit = form.submit(async (update) => {
    clearFailure();
    try {
      const answer = await updateProfile(update);
      if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.updateFailed));
      state.replace(answer.user ?? { ...(user as AccountUser), ...update });
      toast.success(ACCOUNT_MESSAGES.profileUpdated);
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
          <p className="account-alert" role="alert">
            {ACCOUNT_MESSAGES.profileLoadFailed}
          </p>
        ) : editing ? (
          <form ref={form.formRef} className="account-form" noValidate onSubmit={onSubmit}>
            <NameField {...form.field("name")} />
            <EmailField {...form.field("email")} />
            <FormAlert message={failure} />
            <div className="account-actions">
              <button type="submit" className="button button-primary" disabled={form.sending}>
                {form.sending ? "Saving..." : "Save"}
              </button>
              <button
                type="button"
                className="button button-ghost"
                onClick={stopEditing}
                disabled={form.sending}
              >
                Cancel
              </button>
            </div>
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
            <div className="account-actions">
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
