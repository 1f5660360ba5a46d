// The frame of the screens before the back-office opens (sign in, second factor, no access): the
// brand above one card.
import type { ReactNode } from "react";
import { LotusMark } from "../../components/icons";
import { SHOP_NAME } from "../../lib/page-title";
import { AdminToasts } from "../components/admin-toasts";

export function GateFrame({
  title,
  eyebrow = "Back-office",
  children,
}: {
  title: string;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-gate">
      <p className="admin-gate-brand">
        <LotusMark />
        <span className="admin-brand-name">{SHOP_NAME}</span>
      </p>
      <AdminToasts />
      <main className="admin-gate-card paper-card" aria-labelledby="admin-gate-title">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="admin-gate-title" className="admin-gate-title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
