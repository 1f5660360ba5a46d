import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { SessionProvider } from "../features/session/session-provider";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

/** SPEC.md section 2: toasts sit bottom-right and close after one second. */
export const TOAST_POSITION = "bottom-right";
export const TOAST_AUTO_CLOSE_MS = 1000;

function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // Not on arrival: the visitor may have scrolled the Worker's page before the app started.
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout() {
  useScrollToTopOnPathChange();
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
    </SessionProvider>
  );
}
