// Low stock: tracked products at or under their own alert level, sold out first
// (GET /api/admin/stock/low). Each opens its editor at the stock panel.
import { Link } from "react-router-dom";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Thumb } from "../components/thumb";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchLowStock } from "./api";
import { StatusPill } from "./product-status";
import { StockBadge } from "./stock-summary";
import "./products.css";

export function LowStockScreen() {
  useAdminTitle("Low stock");
  const list = useLoad(fetchLowStock, {
    failure: { fallback: "The low-stock list could not be loaded.", toast: false },
  });
  return (
    <div className="admin-screen">
      <PageHeader title="Low stock">
        <p className="admin-muted">
          Products whose available units are at or under their own alert level. Set the level on
          each product.
        </p>
      </PageHeader>
      {list.status === "loading" ? (
        <Loading label="Loading the low-stock list…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <div className="admin-empty">
          <p>Nothing is running low.</p>
        </div>
      ) : (
        <>
          <p className="admin-count">{plural(list.data.length, "product")} to restock</p>
          <table className="admin-table product-table low-stock-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Photo</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Available</th>
                <th scope="col">On hand</th>
                <th scope="col">Alert at</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((product) => (
                <tr key={product.id}>
                  <td className="product-cell-photo">
                    <Thumb src={product.image} />
                  </td>
                  <td className="product-cell-name">
                    <Link to={adminPaths.product(product.id)} className="product-name-link">
                      {product.name}
                    </Link>
                    <span className="admin-row-pills">
                      <StatusPill status={product.status} />
                      <StockBadge level={product.available === 0 ? "sold-out" : "low"} />
                    </span>
                  </td>
                  <td data-label="Available">
                    <strong>{product.available}</strong>
                  </td>
                  <td data-label="On hand">
                    {product.onHand}
                    {product.reserved > 0 ? (
                      <span className="admin-muted"> ({product.reserved} in checkouts)</span>
                    ) : null}
                  </td>
                  <td data-label="Alert at">{product.lowStockThreshold}</td>
                  <td className="product-cell-action">
                    <Link
                      to={`${adminPaths.product(product.id)}#stock`}
                      className="admin-edit-link"
                    >
                      Restock<span className="visually-hidden"> {product.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
