// The signed-in account menu of SPEC.md section 2: opens on hover on desktop and as a modal sheet
// on small screens, greets the user and offers My Profile, Orders and Logout.
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { UserIcon } from "../components/icons";
import { paths } from "../lib/paths";
import "./profile-menu.css";

export interface ProfileMenuProps {
  name?: string | null;
  /** The account's role; creators' My Profile is /creator-profile. */
  userRole?: string | null;
  onLogout: () => void;
}

/** Hover menus only make sense with a mouse and room for a dropdown. */
const HOVER_QUERY = "(hover: hover) and (min-width: 768px)";
const canHover = () =>
  typeof window.matchMedia === "function" && window.matchMedia(HOVER_QUERY).matches;

export const greeting = (name?: string | null) => `Welcome back, ${name?.trim() || "User"}!`;
export const profilePath = (role?: string | null) =>
  role === "creator" ? paths.creatorProfile : paths.profile;

export function ProfileMenu({ name, userRole, onLogout }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const firstLink = useRef<HTMLAnchorElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    if (!canHover()) firstLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    // Hover only mirrors the button's toggle for mouse users; keyboard and touch use the button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the button inside is the control
    <div
      className={open ? "profile-menu is-open" : "profile-menu"}
      onMouseEnter={() => canHover() && setOpen(true)}
      onMouseLeave={() => canHover() && setOpen(false)}
    >
      <button
        type="button"
        className="icon-button"
        aria-label="Your account"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(event) => {
          // With a mouse the hover has already opened the menu, so a click must not shut it;
          // keyboard activation (detail 0) and taps toggle.
          if (canHover() && event.detail > 0) setOpen(true);
          else setOpen((o) => !o);
        }}
      >
        <UserIcon />
      </button>
      {open && (
        <>
          <button
            type="button"
            className="profile-backdrop"
            aria-label="Close account menu"
            tabIndex={-1}
            onClick={close}
          />
          <div id={panelId} className="profile-panel" role="dialog" aria-label="Your account">
            <p className="profile-greeting">{greeting(name)}</p>
            <ul>
              <li>
                <Link ref={firstLink} to={profilePath(userRole)} onClick={close}>
                  My Profile
                </Link>
              </li>
              <li>
                <Link to={paths.orders} onClick={close}>
                  Orders
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  Logout
                </button>
              </li>
            </ul>
          </div>
        </>
      )}
    </div>
  );
}
