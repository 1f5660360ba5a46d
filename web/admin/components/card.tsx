// A section of a screen: a titled card, its title the section's name for screen readers, with
// something beside the title when it has one (a count, a badge, a toggle).
import { type ReactNode, useId } from "react";

export function Card({
  title,
  aside,
  className,
  id,
  children,
}: {
  title: string;
  aside?: ReactNode;
  className?: string;
  /** An anchor to the card (a product's #stock). */
  id?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="admin-card-title">
      {title}
    </h2>
  );
  return (
    <section
      className={className ? `admin-card ${className}` : "admin-card"}
      aria-labelledby={titleId}
      id={id}
    >
      {aside ? (
        <div className="admin-card-heading">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
