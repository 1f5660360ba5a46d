import { Link } from "react-router-dom";
import { PageHeader } from "../components/page-header";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";

export function AdminNotFoundScreen() {
  useAdminTitle("Not found");
  return (
    <div className="admin-screen">
      <PageHeader title="No such page" />
      <p>
        The back-office has nothing at this address.{" "}
        <Link to={adminPaths.products}>Go to the products</Link>.
      </p>
    </div>
  );
}
