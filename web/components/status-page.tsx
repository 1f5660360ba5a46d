import type { ReactNode } from "react";
import "./status-page.css";

interface StatusPageProps {
  title: string;
  detail: ReactNode;
  eyebrow?: string;
  /** Call-to-action links or buttons. */
  children: ReactNode;
  /** The router's error page replaces the whole layout, so it brings its own <main>. */
  landmark?: "main" | "section";
}

/** A full-page message with a way onward: not found, errors. */
export function StatusPage({
  title,
  detail,
  eyebrow,
  children,
  landmark = "section",
}: StatusPageProps) {
  const Landmark = landmark;
  return (
    <Landmark className="status-page">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      <p className="status-page-detail">{detail}</p>
      <div className="status-page-actions">{children}</div>
    </Landmark>
  );
}
