import { useEffect, useState } from "react";

/**
 * A dialog that is rendered only while open gives keyboard focus back to what opened it (the
 * Refund or Cancel order button) when it goes, rather than leaving it on the page's start. The
 * opener is read while rendering, before the dialog takes focus.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
