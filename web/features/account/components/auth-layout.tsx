// The frame of the sign-in family of screens: a warm brand panel beside a form card, stacked on
// phones. Screens pass their own panel (creator signup) or take the shop's promise.
import type { ReactNode } from "react";
import { SHOP_NAME } from "../../../lib/page-title";
import "./account.css";

export interface AuthLayoutProps {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  wide?: boolean;
}

const PROMISES = [
  ["Handcrafted in India", "Copper, brass and textiles made by artisan families."],
  ["Sent from Brisbane", "Australian delivery in 3-7 business days."],
  ["30-day guarantee", "A full refund or exchange if it does not feel right."],
] as const;

/** A panel's points, each a bold title over its line. */
export function Points({
  items,
  className,
  ordered,
}: {
  items: readonly (readonly [title: string, text: string])[];
  className: string;
  ordered?: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map(([title, text]) => (
        <li key={title}>
          <strong>{title}</strong>
          <span>{text}</span>
        </li>
      ))}
    </List>
  );
}

function ShopPromise() {
  return (
    <>
      <p className="eyebrow">{SHOP_NAME}</p>
      <h2 className="auth-aside-title">Take home luck, prosperity, and health.</h2>
      <Points items={PROMISES} className="auth-promises" />
    </>
  );
}

export function AuthLayout({ eyebrow, title, intro, children, aside, wide }: AuthLayoutProps) {
  return (
    <div className={wide ? "auth-page is-wide" : "auth-page"}>
      <section className="auth-card" aria-labelledby="auth-title">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {intro ? <div className="auth-intro">{intro}</div> : null}
        {children}
      </section>
      <aside className="auth-aside">{aside ?? <ShopPromise />}</aside>
    </div>
  );
}
