// Choosing a picture that is already in the shop's storage (a category's tile): the products'
// photos, searched by product name. The Worker accepts only keys it holds.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { fetchProducts } from "../products/api";

export interface Picture {
  key: string;
  url: string;
}

export function PicturePicker({
  onPick,
  label,
}: {
  onPick: (picture: Picture) => void;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <PickerDialog
          onPick={(picture) => {
            onPick(picture);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function PickerDialog({
  onPick,
  onClose,
}: {
  onPick: (picture: Picture) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const products = useLoad(
    (signal, query: string) => fetchProducts({ q: query || undefined }, signal),
    {
      key: q,
      keepWhileReloading: true,
      failure: { fallback: "The products' photos could not be loaded.", toast: false },
    },
  );
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }, []);
  const search = (event: FormEvent) => {
    event.preventDefault();
    // React carries events up its own tree, through the portal: the category's form must not
    // hear this one's submit.
    event.stopPropagation();
    setQ(typed.trim());
  };
  const photos =
    products.status === "loaded"
      ? products.data.products.flatMap((product) =>
          product.images.map((image, index) => ({
            ...image,
            label: `${product.name}, photo ${index + 1}`,
          })),
        )
      : [];
  // In <body>, not in the form that opened it: its own search form must not nest in another.
  return createPortal(
    <dialog
      ref={ref}
      className="admin-dialog picture-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="admin-dialog-title">
        Choose a picture
      </h2>
      <form className="admin-search" onSubmit={search}>
        <label className="visually-hidden" htmlFor={`${titleId}-q`}>
          Search products by name
        </label>
        <input
          id={`${titleId}-q`}
          className="field-input"
          type="search"
          placeholder="Search products by name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-ghost">
          Search
        </button>
      </form>
      {products.status === "loading" ? (
        <Loading label="Loading photos…" />
      ) : products.status === "failed" ? (
        <LoadFailed message={products.message} onRetry={products.reload} />
      ) : photos.length === 0 ? (
        <p className="admin-muted">No photos found.</p>
      ) : (
        <ul className="picture-grid">
          {photos.map((photo) => (
            <li key={photo.key}>
              <button
                type="button"
                className="picture-choice"
                onClick={() => onPick({ key: photo.key, url: photo.url })}
              >
                <img src={photo.url} alt={photo.label} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
