import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { setSessionExpiredHandler } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { storeSession, useStoredSession } from "../../lib/stored-session";
import { useLoad } from "../../lib/use-load";
import { fetchMe } from "./api";
import { endSession } from "./end-session";
import { type Session, SessionContext } from "./session-context";

/** Mount inside the router: it hands the API client a way to send an expired session to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { token, role } = useStoredSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  // Logging out ends on the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => setLeaving(false), [pathname]);
  const signedIn = Boolean(token);
  // Asked again by login and refreshUser; a refreshed access token alone does not refetch the user,
  // and the greeting keeps the user it has while it does.
  const me = useLoad(fetchMe, { enabled: signedIn, keepWhileReloading: true });
  // An expired session is handled by the API client; otherwise the greeting says "User".
  const user = signedIn && me.status === "loaded" ? (me.data.user ?? null) : null;
  const loading = me.pending;
  const { reload } = me;

  useEffect(() => {
    setSessionExpiredHandler(() => navigate(paths.login, { replace: true }));
    return () => setSessionExpiredHandler(null);
  }, [navigate]);

  const login = useCallback(
    (next: string, nextRole?: string | null) => {
      storeSession(next, nextRole ?? null);
      reload();
    },
    [reload],
  );

  const logout = useCallback(() => {
    // Pages that need a token see it go in this same render; `leaving` keeps them from sending
    // the shopper to /login on the way home.
    setLeaving(true);
    const done = endSession();
    navigate(paths.home);
    return done;
  }, [navigate]);

  const refreshUser = useCallback(async () => reload(), [reload]);

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
