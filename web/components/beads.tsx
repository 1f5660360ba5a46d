// Numbered beads on a thread: the progress the checkout steps and the delivery tracker show
// (SPEC.md sections 2 and 4). Steps before the current one are done, and the current one too when
// `currentDone`; the thread into every step up to the current one is filled.
import type { ReactNode } from "react";
import "./beads.css";

export interface BeadsProps {
  steps: readonly { key: string; label: ReactNode }[];
  /** The current step's index; -1 leaves every step open. */
  at: number;
  /** Whether the current step counts as done (its bead a tick, not its number). */
  currentDone: boolean;
  className: string;
  "aria-label"?: string;
}

export function Beads({ steps, at, currentDone, className, "aria-label": label }: BeadsProps) {
  return (
    <ol className={`beads ${className}`} aria-label={label}>
      {steps.map(({ key, label }, index) => {
        const done = index < at || (index === at && currentDone);
        const classes = ["beads-step", done ? "is-done" : "", index === at ? "is-current" : ""];
        if (index > 0 && index <= at) classes.push("is-linked");
        return (
          <li
            key={key}
            className={classes.filter(Boolean).join(" ")}
            aria-current={index === at ? "step" : undefined}
          >
            <span className="beads-mark" aria-hidden="true">
              {done ? "✓" : index + 1}
            </span>
            <span className="beads-label">{label}</span>
            {done ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
