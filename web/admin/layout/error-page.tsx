import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { useAdminTitle } from "../lib/use-admin-title";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText ? `${error.status} ${error.statusText}` : String(error.status);
  }
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}

/**
 * A screen that failed to load or threw. Reloading loads a whole document: after a deploy, a stale
 * chunk is the usual cause, and a reload fixes it.
 */
export function AdminErrorPage() {
  const error = useRouteError();
  useAdminTitle("Something went wrong");
  return (
    <main className="admin-gate">
      <div className="admin-gate-card paper-card" role="alert">
        <p className="eyebrow">Back-office</p>
        <h1 className="admin-gate-title">Something went wrong</h1>
        <p>{describe(error)}</p>
        <div className="admin-gate-actions">
          <button type="button" className="button button-primary" onClick={() => location.reload()}>
            Reload the page
          </button>
          <a className="button button-ghost" href="/admin">
            Back-office home
          </a>
        </div>
      </div>
    </main>
  );
}
