// Low stock: tracked products at or under their own alert level, sold out first
// (GET /api/admin/stock/low). Each opens its editor at the stock panel.
import type { LowStockProductDto } from "../../../worker/contracts/admin-catalogue";
import { useLoad } from "../../lib/use-load";
import { DataList } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { Thumb } from "../components/thumb";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchLowStock } from "./api";
import { PRODUCT_STATUS_WORDS } from "./product-status";
import { EditLink, ProductName } from "./products-screen";
import { StockBadge } from "./stock-summary";
import "./products.css";

const COLUMNS: Column<LowStockProductDto>[] = [
  {
    header: "Photo",
    hideHeader: true,
    className: "product-cell-photo",
    cell: (product) => <Thumb src={product.image} />,
  },
  {
    header: "Product",
    className: "product-cell-name",
    cell: (product) => (
      <>
        <ProductName id={product.id} name={product.name} />
        <span className="admin-row-pills">
          <StatusPill status={product.status} words={PRODUCT_STATUS_WORDS} />
          <StockBadge level={product.available === 0 ? "sold-out" : "low"} />
        </span>
      </>
    ),
  },
  {
    header: "Available",
    labelled: true,
    className: "low-cell-available",
    cell: (product) => <strong>{product.available}</strong>,
  },
  {
    header: "On hand",
    labelled: true,
    className: "low-cell-onhand",
    cell: (product) => (
      <>
        {product.onHand}
        {product.reserved > 0 ? (
          <span className="admin-muted"> ({product.reserved} in checkouts)</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Alert at",
    labelled: true,
    className: "low-cell-alert",
    cell: (product) => product.lowStockThreshold,
  },
  {
    header: "Actions",
    hideHeader: true,
    className: "product-cell-action",
    cell: (product) => (
      <EditLink
        to={`${adminPaths.product(product.id)}#stock`}
        label="Restock"
        name={product.name}
      />
    ),
  },
];

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
      <DataList
        list={list}
        noun="product"
        loadingLabel="Loading the low-stock list…"
        rows={(products) => products}
        count={(products) => `${plural(products.length, "product")} to restock`}
        columns={COLUMNS}
        rowKey={(product) => product.id}
        tableClass="product-table low-stock-table"
        empty={() => ({ title: "Nothing is running low." })}
      />
    </div>
  );
}
