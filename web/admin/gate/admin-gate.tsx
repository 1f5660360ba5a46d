// The back-office's door, in front of every screen: signed in (the shop's stored session), an
// admin (the Worker says, not the stored role), and past the second factor when the Worker asks
// for it. Each answer has its own screen; only then do the screens inside open.
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { ApiError, setSessionExpiredHandler } from "../../lib/api-client";
import { useStoredSession } from "../../lib/stored-session";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { FORBIDDEN_CODE, SECOND_FACTOR_REQUIRED_CODE, setGateListener } from "../lib/admin-api";
import { useAdminTitle } from "../lib/use-admin-title";
import { fetchProducts } from "../products/api";
import { AccessContext, type AdminAccess } from "./access";
import { fetchSecondFactor, type SecondFactorStatus } from "./api";
import { GateFrame } from "./gate-frame";
import { Enrolment, VerifyCode } from "./second-factor";
import { AdminSignIn } from "./sign-in";
import { SignOutButton } from "./sign-out";

export type Access =
  | { kind: "open"; secondFactor: SecondFactorStatus | null }
  | { kind: "no-access" }
  | { kind: "verify" }
  | { kind: "enrol" };

function accessFor(status: SecondFactorStatus): Access {
  if (status.required && !status.verified) return { kind: status.enrolled ? "verify" : "enrol" };
  return { kind: "open", secondFactor: status };
}

/** A refusal that is itself the answer; anything else is a failure to show with Try again. */
function refusal(error: unknown): Access | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === FORBIDDEN_CODE) return { kind: "no-access" };
  // An older Worker without the second-factor routes, in production: nothing to pass here yet.
  if (error.code === SECOND_FACTOR_REQUIRED_CODE) return { kind: "verify" };
  return null;
}

export async function checkAccess(signal: AbortSignal): Promise<Access> {
  try {
    return accessFor((await fetchSecondFactor(signal)).secondFactor);
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    // A Worker from before the second factor: the product list says whether this is an admin.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  try {
    await fetchProducts({ page: 1 }, signal);
    return { kind: "open", secondFactor: null };
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}

export function AdminGate({ children }: { children: ReactNode }) {
  const { token } = useStoredSession();
  const signedIn = Boolean(token);
  const access = useLoad(checkAccess, {
    enabled: signedIn,
    // Asking again (after a code, or when a screen is refused) keeps the screens on show.
    keepWhileReloading: true,
    failure: { fallback: "The back-office could not be reached.", toast: false },
  });
  const { reload } = access;
  const open = access.status === "loaded" && access.data.kind === "open";
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    // The client has already cleared the session and said so; the sign-in form shows in place, so
    // the admin signs in again and carries on at the same address.
    setSessionExpiredHandler(() => {});
    // A screen refused mid-session (the factor lapsed, the account lost its role): ask again.
    setGateListener(() => {
      if (openRef.current) reload();
    });
    return () => {
      setSessionExpiredHandler(null);
      setGateListener(null);
    };
  }, [reload]);

  const secondFactor =
    open && access.status === "loaded" && access.data.kind === "open"
      ? access.data.secondFactor
      : null;
  const context = useMemo<AdminAccess>(
    () => ({ secondFactor, refresh: reload }),
    [secondFactor, reload],
  );

  if (!signedIn) return <AdminSignIn />;
  if (access.status === "loading") return <GateLoading />;
  if (access.status === "failed") {
    return (
      <GateFrame title="Back-office">
        <LoadFailed message={access.message} onRetry={reload} />
        <SignOutButton />
      </GateFrame>
    );
  }
  switch (access.data.kind) {
    case "no-access":
      return <NoAccess />;
    case "verify":
      return <SecondFactorStep title="Enter your code" onPassed={reload} />;
    case "enrol":
      return <SecondFactorStep title="Set up two-step sign-in" enrol onPassed={reload} />;
    case "open":
      return <AccessContext.Provider value={context}>{children}</AccessContext.Provider>;
  }
}

function GateLoading() {
  useAdminTitle(null);
  return (
    <div className="admin-boot">
      <Loading label="Checking your access…" />
    </div>
  );
}

function NoAccess() {
  useAdminTitle("No access");
  return (
    <GateFrame title="This account has no back-office access">
      <p className="admin-gate-intro">
        You are signed in, but this account is not one of the shop's admins. Sign out and sign in
        with the owner's account, or go back to the shop.
      </p>
      <div className="admin-gate-actions">
        <SignOutButton primary />
        <a className="button button-ghost" href="/">
          Back to the shop
        </a>
      </div>
    </GateFrame>
  );
}

function SecondFactorStep({
  title,
  enrol = false,
  onPassed,
}: {
  title: string;
  enrol?: boolean;
  onPassed: () => void;
}) {
  useAdminTitle(title);
  return (
    <GateFrame title={title} eyebrow="Two-step sign-in">
      {enrol ? (
        <>
          <p className="admin-gate-intro">
            The back-office asks for a code from an authenticator app as well as your password. Set
            one up now; it takes a minute.
          </p>
          <Enrolment onEnrolled={onPassed} />
        </>
      ) : (
        <>
          <p className="admin-gate-intro">
            Open your authenticator app and type the 6-digit code it shows for Tamra &amp; Tara.
          </p>
          <VerifyCode onPassed={onPassed} />
        </>
      )}
      <div className="admin-gate-actions">
        <SignOutButton />
      </div>
    </GateFrame>
  );
}
