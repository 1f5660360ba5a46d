import { useEffect, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router-dom";
import { BagIcon, CloseIcon, LotusMark, MenuIcon, SearchIcon, UserIcon } from "../components/icons";
import { useCartCount } from "../features/cart/use-cart-count";
import { useSession } from "../features/session/session-context";
import { SHOP_NAME } from "../lib/page-title";
import { paths } from "../lib/paths";
import "./navbar.css";
import { ProfileMenu } from "./profile-menu";

/** Past this many pixels of scroll the bar shrinks into a floating pill (SPEC.md section 9). */
export const PILL_SCROLL_THRESHOLD = 100;

const NAV_LINKS = [
  { to: paths.home, label: "Home" },
  { to: paths.collection, label: "Collection" },
  { to: paths.blog, label: "Blog" },
  { to: paths.contact, label: "Contact" },
] as const;

const MENU_ID = "primary-menu";

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    // React skips the render when the boolean did not change, so this stays cheap per frame.
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

export function Navbar() {
  const pill = useScrolledPast(PILL_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();
  const session = useSession();
  const navigate = useNavigate();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={pill ? "site-header is-pill" : "site-header"}>
      <nav
        className="navbar"
        aria-label="Main"
        onKeyDown={(event) => {
          if (event.key === "Escape") closeMenu();
        }}
      >
        <Link to={paths.home} className="brand" onClick={closeMenu}>
          <LotusMark />
          <span className="brand-name">{SHOP_NAME}</span>
        </Link>

        <ul id={MENU_ID} className={menuOpen ? "nav-links is-open" : "nav-links"}>
          {NAV_LINKS.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === paths.home} className="nav-link" onClick={closeMenu}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="nav-actions">
          <Link to={paths.collectionSearch} className="icon-button" aria-label="Search products">
            <SearchIcon />
          </Link>
          {session.token ? (
            <ProfileMenu
              name={session.user?.name}
              userRole={session.role}
              onLogout={() => {
                void session.logout();
                navigate(paths.home); // also when rendered without the session provider
              }}
            />
          ) : (
            <Link to={paths.login} className="icon-button" aria-label="Sign in">
              <UserIcon />
            </Link>
          )}
          <Link
            to={paths.cart}
            className="icon-button cart-link"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <BagIcon />
            <span className="cart-badge" aria-hidden="true">
              {cartCount > 99 ? "99+" : cartCount}
            </span>
          </Link>
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </nav>
    </header>
  );
}
