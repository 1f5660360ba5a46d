import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { setSessionExpiredHandler } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { type AccountUser, fetchMe } from "../account/api";
import { endSession } from "./end-session";
import { type Session, SessionContext } from "./session-context";
import { storeSession, useStoredSession } from "./stored-session";

/** Mount inside the router: it hands the API client a way to send an expired session to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { token, role } = useStoredSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [user, setUser] = useState<AccountUser | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Logging out ends on the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => setLeaving(false), [pathname]);
  const [loading, setLoading] = useState(Boolean(token));
  // Bumped by login and refreshUser; a refreshed access token alone does not refetch the user.
  const [userVersion, setUserVersion] = useState(0);
  const signedIn = Boolean(token);

  useEffect(() => {
    setSessionExpiredHandler(() => navigate(paths.login, { replace: true }));
    return () => setSessionExpiredHandler(null);
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: userVersion is the refetch trigger.
  useEffect(() => {
    if (!signedIn) {
      setUser(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    fetchMe(controller.signal)
      .then((answer) => setUser(answer.user ?? null))
      .catch(() => {
        // An expired session is handled by the API client; otherwise the greeting says "User".
        if (!controller.signal.aborted) setUser(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [signedIn, userVersion]);

  const login = useCallback((next: string, nextRole?: string | null) => {
    storeSession(next, nextRole ?? null);
    setUserVersion((v) => v + 1);
  }, []);

  const logout = useCallback(() => {
    // Pages that need a token see it go in this same render; `leaving` keeps them from sending
    // the shopper to /login on the way home.
    setLeaving(true);
    const done = endSession();
    setUser(null);
    navigate(paths.home);
    return done;
  }, [navigate]);

  const refreshUser = useCallback(async () => {
    setUserVersion((v) => v + 1);
  }, []);

  const session = useMemo<Session>(
    () => ({
      token,
      role,
      user,
      loading: loading && signedIn,
      leaving,
      login,
      logout,
      refreshUser,
    }),
    [token, role, user, loading, signedIn, leaving, login, logout, refreshUser],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
