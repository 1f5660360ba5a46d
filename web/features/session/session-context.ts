// The session every screen reads (SPEC.md section 4): token and role from storage, the user from
// GET /api/user/me, and the login/logout transitions. The provider fills it in; without one (a
// component rendered on its own) the stored token and role still answer, with no user.
import { createContext, useContext } from "react";
import { storeSession, useStoredSession } from "../../lib/stored-session";
import type { AccountUser } from "../account/api";
import { endSession } from "./end-session";

export interface Session {
  token: string | null;
  role: string | null;
  user: AccountUser | null;
  /** True while the signed-in user is being fetched. */
  loading: boolean;
  /** True from logout until the next page: pages needing a token must not redirect to /login. */
  leaving: boolean;
  /** Keeps a new session (after login or signup); the caller decides where to go next. */
  login: (token: string, role?: string | null) => void;
  /**
   * Ends the session here at once (token, role, user, cart) and goes home; settles once the
   * server's logout has answered and been toasted. Without a provider it cannot navigate.
   */
  logout: () => Promise<void>;
  /** Fetches the signed-in user again (after a profile update). */
  refreshUser: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const provided = useContext(SessionContext);
  const stored = useStoredSession();
  if (provided) return provided;
  return {
    ...stored,
    user: null,
    loading: false,
    leaving: false,
    login: (token, role) => storeSession(token, role ?? null),
    logout: endSession,
    refreshUser: async () => {},
  };
}
