// A status or a count as a small rounded label. Each tone is one pair of colours (admin.css), each
// with at least 4.5:1 contrast on every surface a pill sits on (a web test holds them to it).
import type { ReactNode } from "react";

export type Tone = "ok" | "warn" | "new" | "info" | "copper" | "muted" | "danger" | "refund";

/** A status as a screen says it: its words and its tone. */
export interface StatusWords {
  label: string;
  tone: Tone;
  struck?: boolean;
}

export function Pill({
  tone,
  children,
  struck = false,
}: {
  tone: Tone;
  children: ReactNode;
  /** Crossed out: what no longer stands (a cancelled order). */
  struck?: boolean;
}) {
  return <span className={`admin-pill is-${tone}${struck ? " is-struck" : ""}`}>{children}</span>;
}

/** One of a vocabulary of statuses ({ active: { label: "Active", tone: "ok" }, ... }). */
export function StatusPill<S extends string>({
  status,
  words,
}: {
  status: S;
  words: Record<S, StatusWords>;
}) {
  const { label, tone, struck } = words[status] ?? { label: status, tone: "muted" };
  return (
    <Pill tone={tone} struck={struck}>
      {label}
    </Pill>
  );
}
