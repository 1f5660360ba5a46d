import { data, type MetaFunction } from "react-router";
import { Link } from "react-router-dom";
import { StatusPage } from "../components/status-page";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";

/** An address no screen answers is a 404, with this page. */
export const loader = () => data(null, { status: 404 });

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Page not found",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function NotFoundPage() {
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

export default NotFoundPage;
