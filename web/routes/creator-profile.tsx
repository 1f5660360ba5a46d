import { useRef, useState } from "react";
import { Navigate } from "react-router-dom";
import { toast } from "react-toastify";
import { CreatorUpdateSchema, EMAIL_CHANGE_MESSAGES } from "../../worker/contracts/account";
import { type Creator, fetchCreator, updateCreator } from "../features/account/api";
import { CreatorDetails } from "../features/account/components/creator-details";
import { CreatorFields } from "../features/account/components/creator-fields";
import { CreatorPanel } from "../features/account/components/creator-panel";
import {
  type CreatorStanding,
  CreatorStatusPanel,
  readStanding,
} from "../features/account/components/creator-status";
import { ACCOUNT_MESSAGES, answerMessage } from "../features/account/messages";
import { CreatorPayouts } from "../features/creator-payouts/components/creator-payouts";
import { ActivityChart } from "../features/creator-stats/components/activity-chart";
import { readStats } from "../features/creator-stats/creator-stats";
import { useSession } from "../features/session/session-context";
import { failureMessage, isSessionExpired } from "../lib/api-client";
import { paths } from "../lib/paths";
import { useForm, useFormFailure } from "../lib/use-form";
import { useLoad } from "../lib/use-load";
import "../features/account/components/account.css";
import "./creator-profile.css";
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

type CreatorRecord = Partial<Creator>;

async function loadCreator(signal: AbortSignal): Promise<CreatorRecord> {
  const answer = await fetchCreator(signal);
  if (!answer.success || !answer.creator) throw new Error(ACCOUNT_MESSAGES.profileLoadFailed);
  return answer.creator;
}

const editable = (c: CreatorRecord) => ({
  name: c.name ?? "",
  email: c.email ?? "",
  payoutEmail: c.payoutEmail ?? "",
  socials: c.socials ?? "",
  bio: c.bio ?? "",
  currentPassword: "",
});

const normalised = (email: string) => email.trim().toLowerCase();

/** What the panel says instead of offering a code that does not work. */
const INACTIVE_CODE: Record<CreatorStanding["status"], string | undefined> = {
  approved: undefined,
  pending: "Your code and share link start working once your application is approved.",
  rejected: "Your code and share link don't work.",
  suspended: "Your code and share link are paused.",
};

/**
 * Who sees earnings and payouts: an approved creator, and a paused one, whose commissions already
 * earned stay payable. An application under review or not approved has nothing to pay.
 */
const EARNS: Record<CreatorStanding["status"], boolean> = {
  approved: true,
  pending: false,
  rejected: false,
  suspended: true,
};

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Creator profile",
    description: "Your creator profile: your affiliate code, clicks, sales, earnings and payouts.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function CreatorProfilePage() {
  const session = useSession();
  const known = useSessionKnown();
  const state = useLoad(loadCreator, {
    enabled: Boolean(session.token),
    failure: { fallback: ACCOUNT_MESSAGES.profileLoadFailed },
  });
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { failure, fail, clearFailure } = useFormFailure();
  const creator = state.status === "loaded" ? state.data : null;
  // A new sign-in or payout email needs the current password (the Worker checks it, then mails a
  // link to the new address to confirm it).
  const changesEmail = (values: { email: string; payoutEmail: string }) =>
    creator !== null &&
    (normalised(values.email) !== (creator.email ?? "") ||
      normalised(values.payoutEmail) !== (creator.payoutEmail ?? ""));
  const form = useForm(editable({}), CreatorUpdateSchema, (values): { currentPassword?: string } =>
    changesEmail(values) && !values.currentPassword
      ? { currentPassword: EMAIL_CHANGE_MESSAGES.passwordRequired }
      : {},
  );
  const askPassword = changesEmail(form.values);

  if (!session.token) {
    if (!known) return <PageLoading />;
    return session.leaving ? null : <Navigate to={paths.login} replace />;
  }

  const setMode = (next: boolean) => {
    form.reset(editable(creator ?? {}));
    clearFailure();
    setEditing(next);
    requestAnimationFrame(() => (next ? form.focusField("name") : editButton.current?.focus()));
  };

  const onSubmit = form.submit(async (update) => {
    clearFailure();
    try {
      const asked = changesEmail(update);
      // The password goes only with an email change, never left over from a hidden field.
      const { currentPassword: _password, ...fields } = update;
      const answer = await updateCreator(asked ? update : fields);
      if (!answer.success) return fail(answerMessage(answer, ACCOUNT_MESSAGES.updateFailed));
      // A new address waits for its link: the answer's creator still has the old one.
      const { email: _email, payoutEmail: _payout, ...saved } = fields;
      const next = { ...creator, ...saved, ...answer.creator };
      state.replace(next);
      const pending =
        asked && (next.email !== update.email || (next.payoutEmail ?? "") !== update.payoutEmail);
      const message = answerMessage(answer, ACCOUNT_MESSAGES.profileUpdated);
      if (pending) toast.info(message);
      else toast.success(message);
      setEditing(false);
      void session.refreshUser();
    } catch (error) {
      if (!isSessionExpired(error)) fail(failureMessage(error, ACCOUNT_MESSAGES.updateFailed));
    }
  });

  if (state.status !== "loaded" || !creator) {
    return (
      <div className="creator-page">
        <p className={state.status === "failed" ? "form-alert" : "account-loading"} role="status">
          {state.status === "failed" ? (
            ACCOUNT_MESSAGES.profileLoadFailed
          ) : (
            <>
              <span className="spinner" aria-hidden="true" /> Loading your creator profile…
            </>
          )}
        </p>
      </div>
    );
  }

  const stats = readStats(creator.stats);
  const standing = readStanding(creator);
  return (
    <div className="creator-page">
      <CreatorStatusPanel standing={standing} />
      <section className="profile-card" aria-labelledby="creator-title">
        <p className="eyebrow">Creator profile</p>
        <h1 id="creator-title" className="auth-title">
          Namaste, {creator.name || "creator"}
        </h1>
        {editing ? (
          <form
            ref={form.formRef}
            className="form account-form is-two-column"
            noValidate
            onSubmit={onSubmit}
          >
            <NameField {...form.field("name")} />
            <EmailField {...form.field("email")} />
            <CreatorFields field={form.field} application={false} />
            {askPassword ? (
              <PasswordField
                label="Current password"
                hint="Needed to change an email address. We'll send a link to the new address to confirm it."
                {...form.field("currentPassword")}
              />
            ) : null}
            <FormAlert message={failure} />
            <FormActions
              sending={form.sending}
              sendingLabel="Saving..."
              onCancel={() => setMode(false)}
            >
              Save
            </FormActions>
          </form>
        ) : (
          <>
            <CreatorDetails creator={creator} />
            <div className="form-actions">
              <button
                ref={editButton}
                type="button"
                className="button button-primary"
                onClick={() => setMode(true)}
              >
                Edit Profile
              </button>
            </div>
          </>
        )}
      </section>
      <CreatorPanel
        code={creator.affiliateCode ?? ""}
        shareUrl={typeof creator.shareUrl === "string" ? creator.shareUrl : ""}
        stats={stats}
        inactive={INACTIVE_CODE[standing.status]}
      />
      <ActivityChart days={stats.daily} />
      {EARNS[standing.status] ? (
        <CreatorPayouts
          creator={creator}
          onDetailsSaved={(payoutDetails) => state.replace({ ...creator, payoutDetails })}
        />
      ) : null}
    </div>
  );
}

export default CreatorProfilePage;
