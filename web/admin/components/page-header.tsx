import type { ReactNode } from "react";
import { Link } from "react-router-dom";

interface PageHeaderProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  /** Buttons and links at the header's end (New product, Archive). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen's title with what it is about, and its main actions beside it. */
export function PageHeader({ title, eyebrow, actions, children }: PageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div className="admin-page-heading">
        {eyebrow ? <div className="admin-page-eyebrow">{eyebrow}</div> : null}
        <h1 className="admin-page-title">{title}</h1>
        {children}
      </div>
      {actions ? <div className="admin-page-actions">{actions}</div> : null}
    </header>
  );
}

/** "← Orders": back to the screen a record belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="admin-back">
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
