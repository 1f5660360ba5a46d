import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { StatusPage } from "../components/status-page";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText ? `${error.status} ${error.statusText}` : String(error.status);
  }
  if (error instanceof Error) return error.message;
  return typeof error === "string" && error ? error : "Something went wrong.";
}

/**
 * Shown by the router when a screen fails to load or throws while rendering. Both ways out load
 * whole documents: after a deploy, a stale chunk is the usual cause and a reload fixes it.
 */
export function RouterErrorPage() {
  const error = useRouteError();
  usePageTitle("Something went wrong");
  return (
    <StatusPage landmark="main" title="Unexpected Application Error!" detail={describe(error)}>
      <button type="button" className="button button-primary" onClick={() => location.reload()}>
        Reload the page
      </button>
      <a className="button button-ghost" href={paths.home}>
        Back to the shop
      </a>
    </StatusPage>
  );
}
