import { Link } from "react-router-dom";
import { StatusPage } from "../components/status-page";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <StatusPage
      eyebrow="404"
      title="Page not found"
      detail="This path leads nowhere — but every journey can begin again at home."
    >
      <Link className="button button-primary" to={paths.home}>
        Return home
      </Link>
      <Link className="button button-ghost" to={paths.collection}>
        Browse the collection
      </Link>
    </StatusPage>
  );
}
