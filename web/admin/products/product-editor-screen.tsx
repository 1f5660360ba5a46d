// One product: its details (products/product-form.tsx), photos, stock and history, and archiving.
// A new product's photos are chosen with its details and go up once it exists, on its own page.
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import type { AdminProductDto } from "../../../worker/contracts/admin-catalogue";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { paths } from "../../lib/paths";
import { ConfirmDialog } from "../components/confirm-dialog";
import { BackLink, PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { RecordScreen, useRecord } from "../components/record-screen";
import { reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { archiveProduct, createProduct, fetchProduct, updateProduct } from "./api";
import { ProductForm } from "./product-form";
import { ProductHistory } from "./product-history";
import { ChosenPhotos, handOverPhotos, ProductPhotos } from "./product-photos";
import { PRODUCT_STATUS_WORDS } from "./product-status";
import { ProductStock } from "./product-stock";
import "./product-editor.css";

const BackToProducts = () => <BackLink to={adminPaths.products}>Products</BackLink>;

export function NewProductScreen() {
  useAdminTitle("New product");
  const navigate = useNavigate();
  // The photos go up once the product exists: its page takes them over.
  const photos = useRef<File[]>([]);
  return (
    <div className="admin-screen product-editor">
      <PageHeader eyebrow={<BackToProducts />} title="New product" />
      <ProductForm
        mode="create"
        onSave={async (input) => {
          const product = await createProduct(input);
          handOverPhotos(product._id, photos.current);
          const uploading = photos.current.length;
          toast.success(
            uploading > 0
              ? `Product created: ${plural(uploading, "photo")} uploading`
              : "Product created",
          );
          navigate(adminPaths.product(product._id), { replace: true });
        }}
      />
      <ChosenPhotos
        onFiles={(files) => {
          photos.current = files;
        }}
      />
    </div>
  );
}

export function ProductEditorScreen() {
  const product = useRecord("productId", fetchProduct, "The product could not be loaded.");
  return (
    <RecordScreen
      record={product}
      loadingLabel="Loading the product…"
      back={<BackToProducts />}
      title="Product"
      titleOf={(p) => p.name}
      missing={{
        title: "No such product",
        text: (
          <>
            There is no product at this address.{" "}
            <Link to={adminPaths.products}>See all products</Link>.
          </>
        ),
      }}
    >
      {(data) => <ProductEditor key={product.id} product={data} replace={product.replace} />}
    </RecordScreen>
  );
}

function ProductEditor({
  product,
  replace,
}: {
  product: AdminProductDto;
  replace: (product: AdminProductDto) => void;
}) {
  // Photos and stock change parts of the product one after another: each starts from the last.
  const latest = useRef(product);
  latest.current = product;
  const [version, setVersion] = useState(0);
  const [archiving, setArchiving] = useState(false);
  const [busy, setBusy] = useState(false);
  const changed = (change: Partial<AdminProductDto>) => {
    latest.current = { ...latest.current, ...change };
    replace(latest.current);
    setVersion((n) => n + 1);
  };

  const archive = async () => {
    setBusy(true);
    try {
      changed(await archiveProduct(product._id));
      toast.success("Archived: it is no longer on the storefront.");
      setArchiving(false);
    } catch (error) {
      reportAdminFailure(error, "The product could not be archived.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-screen product-editor">
      <PageHeader
        eyebrow={<BackToProducts />}
        title={product.name}
        actions={
          <>
            {product.status === "active" ? (
              <a
                className="button button-ghost"
                href={paths.product(product._id)}
                target="_blank"
                rel="noreferrer"
              >
                View in the shop<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            {product.status !== "archived" ? (
              <button
                type="button"
                className="button admin-button-danger-ghost"
                onClick={() => setArchiving(true)}
              >
                Archive
              </button>
            ) : null}
          </>
        }
      >
        <p className="admin-page-meta">
          <StatusPill status={product.status} words={PRODUCT_STATUS_WORDS} />
          <span>Listed {formatShopMoment(product.listedAt)}</span>
          <span>Last changed {formatShopMoment(product.updatedAt)}</span>
        </p>
      </PageHeader>
      <ProductForm
        mode="edit"
        product={product}
        onSave={async (changes) => {
          changed(await updateProduct(product._id, changes));
          toast.success("Saved");
        }}
      />
      <div className="product-editor-lower">
        <ProductPhotos
          productId={product._id}
          productName={product.name}
          images={product.images}
          onImages={(images) => changed({ images })}
        />
        <ProductStock
          productId={product._id}
          stock={product.stock}
          lowStockThreshold={product.lowStockThreshold}
          onStock={(stock) => changed({ stock })}
        />
      </div>
      <ProductHistory productId={product._id} version={version} />
      {archiving ? (
        <ConfirmDialog
          title={`Archive “${product.name}”?`}
          confirmLabel="Archive product"
          danger
          busy={busy}
          onConfirm={archive}
          onCancel={() => setArchiving(false)}
        >
          <p>
            It leaves the storefront at once; orders that include it still show it. You can make it
            active again from its status.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
