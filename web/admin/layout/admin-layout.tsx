// The back-office's frame once the gate is open: the brand and "Back-office", the screens' tabs,
// who is signed in and Sign out; the screen below. On phones the tabs scroll sideways.
import { useEffect, useRef } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { LotusMark } from "../../components/icons";
import { fetchMe } from "../../features/session/api";
import { SHOP_NAME } from "../../lib/page-title";
import { useLoad } from "../../lib/use-load";
import { AdminToasts } from "../components/admin-toasts";
import { SignOutButton } from "../gate/sign-out";
import { adminPaths } from "../paths";

const NAV = [
  { to: adminPaths.dashboard, label: "Dashboard" },
  { to: adminPaths.orders, label: "Orders" },
  { to: adminPaths.creators, label: "Creators" },
  { to: adminPaths.payouts, label: "Payouts" },
  { to: adminPaths.inbox, label: "Inbox" },
  { to: adminPaths.reports, label: "Reports" },
  { to: adminPaths.products, label: "Products" },
  { to: adminPaths.categories, label: "Categories" },
  { to: adminPaths.promotions, label: "Promotions" },
  { to: adminPaths.lowStock, label: "Low stock" },
  { to: adminPaths.activity, label: "Activity" },
  { to: adminPaths.security, label: "Security" },
] as const;

async function loadEmail(signal: AbortSignal): Promise<string | null> {
  return (await fetchMe(signal)).user?.email ?? null;
}

/** A new screen starts at the top, with keyboard focus on it rather than on the link left behind. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  // On phones the tabs scroll sideways: the current one comes into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => {
    const current = document.querySelector(".admin-nav .active");
    current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return main;
}

export function AdminLayout() {
  const me = useLoad(loadEmail);
  const email = me.status === "loaded" ? me.data : null;
  const main = useFocusOnNavigation();
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header-inner">
          <Link to={adminPaths.home} className="admin-brand">
            <LotusMark />
            <span className="admin-brand-text">
              <span className="admin-brand-name">{SHOP_NAME}</span>
              <span className="admin-brand-tag">Back-office</span>
            </span>
          </Link>
          <nav className="admin-nav" aria-label="Back-office">
            <ul>
              {NAV.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} className="admin-nav-link">
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-account">
            <a className="admin-shop-link" href="/" target="_blank" rel="noreferrer">
              View shop<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {email ? (
              <span className="admin-email" title={email}>
                {email}
              </span>
            ) : null}
            <SignOutButton />
          </div>
          <div className="admin-header-toasts">
            <AdminToasts />
          </div>
        </div>
      </header>
      <main id="admin-main" ref={main} className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
