// Products: every status, searched by name, 20 a page, newest first (GET /api/admin/products), on
// the list kit: the search, the status and the page live in the address.
import { Link } from "react-router-dom";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProductDto,
  MAX_SEARCH_LENGTH,
  ProductListQuery,
} from "../../../worker/contracts/admin-catalogue";
import { formatDollars } from "../../../worker/contracts/money";
import { DataList, paged, statusTabs } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { Thumb } from "../components/thumb";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchProducts } from "./api";
import { PRODUCT_STATUS_WORDS } from "./product-status";
import { StockSummary } from "./stock-summary";
import "./products.css";

/** A product's name, linked to its editor, with its category and variant below. */
export function ProductName({ id, name, detail }: { id: string; name: string; detail?: string }) {
  return (
    <>
      <Link to={adminPaths.product(id)} className="admin-row-title">
        {name}
      </Link>
      {detail ? <span className="admin-muted">{detail}</span> : null}
    </>
  );
}

/** The editor's link at a row's end: "Edit", and which product for screen readers. */
export function EditLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link to={to} className="admin-edit-link">
      {label}
      <span className="visually-hidden"> {name}</span>
    </Link>
  );
}

const COLUMNS: Column<AdminProductDto>[] = [
  {
    header: "Photo",
    hideHeader: true,
    className: "product-cell-photo",
    cell: (product) => <Thumb src={product.images[0]?.url} />,
  },
  {
    header: "Product",
    className: "product-cell-name",
    cell: (product) => (
      <ProductName
        id={product._id}
        name={product.name}
        detail={[product.category, product.variant].filter(Boolean).join(" · ")}
      />
    ),
  },
  {
    header: "Price",
    className: "product-cell-price",
    cell: (product) => (
      <>
        <span>{formatDollars(product.finalPrice)}</span>
        {product.originalPrice > product.finalPrice ? (
          <s className="admin-muted">
            <span className="visually-hidden">was </span>
            {formatDollars(product.originalPrice)}
          </s>
        ) : null}
      </>
    ),
  },
  {
    header: "Status",
    className: "product-cell-status",
    cell: (product) => <StatusPill status={product.status} words={PRODUCT_STATUS_WORDS} />,
  },
  {
    header: "Stock",
    className: "product-cell-stock",
    cell: (product) => (
      <StockSummary stock={product.stock} lowStockThreshold={product.lowStockThreshold} />
    ),
  },
  {
    header: "Actions",
    hideHeader: true,
    className: "product-cell-action",
    cell: (product) => (
      <EditLink to={adminPaths.product(product._id)} label="Edit" name={product.name} />
    ),
  },
];

export function ProductsScreen() {
  useAdminTitle("Products");
  const { query, list } = useList(ProductListQuery, fetchProducts, {
    path: adminPaths.products,
    failed: "The products could not be loaded.",
  });
  return (
    <div className="admin-screen">
      <PageHeader
        title="Products"
        actions={
          <Link to={adminPaths.newProduct} className="button button-primary">
            New product
          </Link>
        }
      />
      <DataList
        query={query}
        noun="product"
        search={{
          label: "Search products",
          fields: [{ param: "q", label: "Search products by name", maxLength: MAX_SEARCH_LENGTH }],
        }}
        tabs={statusTabs(PRODUCT_STATUS_WORDS)}
        {...paged(list, (answer) => answer.products, ADMIN_PRODUCTS_PAGE_SIZE)}
        columns={COLUMNS}
        rowKey={(product) => product._id}
        tableClass="product-table"
        empty={({ status }) =>
          status
            ? {
                title: `No ${PRODUCT_STATUS_WORDS[status].label.toLowerCase()} products.`,
                action: { to: query.home, label: "See all products" },
              }
            : {
                title: "No products yet.",
                action: {
                  to: adminPaths.newProduct,
                  label: "Add the first product",
                  primary: true,
                },
              }
        }
      />
    </div>
  );
}
