// Products: every status, searched by name, 20 a page, newest first (GET /api/admin/products).
// The search, the status and the page live in the address, so a filtered list can be reloaded,
// shared and gone back to. A table on wide screens; each row a card on phones.
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProductListResponse,
  MAX_SEARCH_LENGTH,
  PRODUCT_STATUSES,
  type ProductStatus,
} from "../../../worker/contracts/admin-catalogue";
import { formatDollars } from "../../../worker/contracts/money";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { Thumb } from "../components/thumb";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchProducts, type ProductListParams } from "./api";
import { STATUS_LABELS, StatusPill } from "./product-status";
import { StockSummary } from "./stock-summary";
import "./products.css";

const isStatus = (value: string | null): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value ?? "");

function readParams(search: URLSearchParams): ProductListParams {
  const status = search.get("status");
  const page = Number(search.get("page") ?? "1");
  return {
    q: search.get("q")?.trim() || undefined,
    status: isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The list's query with some of its parameters changed; a new filter starts at page 1. */
function listSearch(current: ProductListParams, change: ProductListParams): URLSearchParams {
  const next = { ...current, page: 1, ...change };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  if (next.status) search.set("status", next.status);
  if (next.page && next.page > 1) search.set("page", String(next.page));
  return search;
}

function listAddress(current: ProductListParams, change: ProductListParams): string {
  const text = listSearch(current, change).toString();
  return text ? `${adminPaths.products}?${text}` : adminPaths.products;
}

const FILTERS: { status: ProductStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  ...PRODUCT_STATUSES.map((status) => ({ status, label: STATUS_LABELS[status] })),
];

export function ProductsScreen() {
  useAdminTitle("Products");
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const key = listAddress(params, { page: params.page });
  const list = useLoad((signal) => fetchProducts(params, signal), {
    key,
    keepWhileReloading: true,
    failure: { fallback: "The products could not be loaded.", toast: false },
  });
  const [query, setQuery] = useState(params.q ?? "");
  // Back and forward change the address: the box follows it.
  useEffect(() => setQuery(params.q ?? ""), [params.q]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    setSearch(listSearch(params, { q: q || undefined }));
  };

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
      <div className="admin-toolbar">
        <form className="admin-search" onSubmit={onSearch}>
          <label htmlFor="product-search" className="visually-hidden">
            Search products by name
          </label>
          <input
            id="product-search"
            className="field-input"
            type="search"
            name="q"
            placeholder="Search by name"
            maxLength={MAX_SEARCH_LENGTH}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button button-ghost">
            Search
          </button>
        </form>
        <nav className="admin-filters" aria-label="Filter by status">
          {FILTERS.map(({ status, label }) => (
            <Link
              key={label}
              to={listAddress(params, { status })}
              className="admin-filter"
              aria-current={params.status === status ? "true" : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      {list.status === "loading" ? (
        <Loading label="Loading products…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <ProductTable answer={list.data} params={params} pending={list.pending} />
      )}
    </div>
  );
}

function ProductTable({
  answer,
  params,
  pending,
}: {
  answer: AdminProductListResponse;
  params: ProductListParams;
  pending: boolean;
}) {
  const { products, total } = answer;
  const page = params.page ?? 1;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  const filtered = Boolean(params.q || params.status);
  if (products.length === 0) {
    return (
      <div className="admin-empty">
        <p>{filtered ? "No products match." : "No products yet."}</p>
        {filtered ? (
          <Link to={adminPaths.products} className="button button-ghost">
            Clear the search and filter
          </Link>
        ) : (
          <Link to={adminPaths.newProduct} className="button button-primary">
            Add the first product
          </Link>
        )}
      </div>
    );
  }
  const first = (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE + 1;
  return (
    <>
      <p className="admin-count" aria-live="polite">
        {total > products.length
          ? `${first}–${first + products.length - 1} of ${plural(total, "product")}`
          : plural(total, "product")}
        {params.q ? ` matching “${params.q}”` : ""}
      </p>
      <table
        className={pending ? "admin-table product-table is-pending" : "admin-table product-table"}
      >
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Photo</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Stock</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <td className="product-cell-photo">
                <Thumb src={product.images[0]?.url} />
              </td>
              <td className="product-cell-name">
                <Link to={adminPaths.product(product._id)} className="product-name-link">
                  {product.name}
                </Link>
                <span className="admin-muted">
                  {product.category}
                  {product.variant ? ` · ${product.variant}` : ""}
                </span>
              </td>
              <td className="product-cell-price" data-label="Price">
                <span>{formatDollars(product.finalPrice)}</span>
                {product.originalPrice > product.finalPrice ? (
                  <s className="admin-muted">
                    <span className="visually-hidden">was </span>
                    {formatDollars(product.originalPrice)}
                  </s>
                ) : null}
              </td>
              <td className="product-cell-status" data-label="Status">
                <StatusPill status={product.status} />
              </td>
              <td className="product-cell-stock" data-label="Stock">
                <StockSummary stock={product.stock} lowStockThreshold={product.lowStockThreshold} />
              </td>
              <td className="product-cell-action">
                <Link to={adminPaths.product(product._id)} className="admin-edit-link">
                  Edit<span className="visually-hidden"> {product.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        page={page}
        pageCount={pageCount}
        hasNext={page < pageCount}
        to={(target) => listAddress(params, { page: target })}
      />
    </>
  );
}
