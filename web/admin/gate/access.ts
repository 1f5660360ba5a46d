// What the gate found out about the signed-in account, for the screens inside it (Security).
import { createContext, useContext } from "react";
import type { SecondFactorStatus } from "./api";

export interface AdminAccess {
  /** Null when the Worker does not offer a second factor (an older deployment). */
  secondFactor: SecondFactorStatus | null;
  /** Asks the Worker again (after enrolling). */
  refresh: () => void;
}

export const AccessContext = createContext<AdminAccess>({
  secondFactor: null,
  refresh: () => {},
});

export const useAdminAccess = (): AdminAccess => useContext(AccessContext);
