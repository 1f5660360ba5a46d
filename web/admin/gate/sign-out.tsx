import { useState } from "react";
import { endSession } from "../../features/session/end-session";

/**
 * Signs out of the shop and the back-office alike (one session): the stored token goes at once, so
 * the gate shows the sign-in form; the server's answer is toasted when it comes.
 */
export function SignOutButton({ primary = false }: { primary?: boolean }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className={primary ? "button button-primary" : "button button-ghost admin-sign-out"}
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void endSession().finally(() => setLeaving(false));
      }}
    >
      Sign out
    </button>
  );
}
