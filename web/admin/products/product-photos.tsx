// A product's photos: upload several at once (each its own request, with its own outcome), alt
// text per photo, the order (the first is the cover), and delete. The Worker judges a photo by
// its bytes (415 otherwise) and its size (413); obvious refusals are caught here before sending.
import { type DragEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import type { AdminImageDto } from "../../../worker/contracts/admin-catalogue";
import {
  AltSchema,
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  IMAGE_TYPES,
  MAX_ALT_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_PRODUCT,
} from "../../../worker/contracts/admin-images";
import { fieldMessage } from "../../components/form-kit";
import { ApiError, failureMessage } from "../../lib/api-client";
import { Card } from "../components/card";
import { ConfirmDialog } from "../components/confirm-dialog";
import { isGateRefusal, reportAdminFailure } from "../lib/admin-api";
import {
  deleteProductImage,
  orderProductImages,
  setProductImageAlt,
  uploadProductImage,
} from "./api";

interface ProductPhotosProps {
  productId: string;
  productName: string;
  images: AdminImageDto[];
  onImages: (images: AdminImageDto[]) => void;
}

type UploadStatus = "waiting" | "uploading" | "done" | "failed";

interface Upload {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  message?: string;
}

const UPLOAD_FAILED = "The photo could not be uploaded.";

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

/** Why a file need not be sent at all; the Worker still judges what is sent by its bytes. */
function refusedBeforeSending(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  if (file.size === 0) return IMAGE_MESSAGES.emptyFile;
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return IMAGE_MESSAGES.unsupportedType;
  }
  return null;
}

function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    // The edge may answer these itself, without the Worker's JSON.
    if (error.status === 413) return IMAGE_MESSAGES.tooLarge;
    if (error.status === 415) return error.serverMessage ?? IMAGE_MESSAGES.unsupportedType;
  }
  return failureMessage(error, UPLOAD_FAILED, { sayNetworkError: true });
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  waiting: "Waiting",
  uploading: "Uploading…",
  done: "Added",
  failed: "Not added",
};

let uploadIds = 0;

export function ProductPhotos({ productId, productName, images, onImages }: ProductPhotosProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AdminImageDto | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Uploads finish one after another: each adds to the list as it is then, not as it was.
  const latest = useRef(images);
  latest.current = images;

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    let room = MAX_IMAGES_PER_PRODUCT - latest.current.length;
    const queued = files.map((file) => {
      let refusal = refusedBeforeSending(file);
      if (!refusal && room <= 0) refusal = IMAGE_MESSAGES.tooMany;
      if (!refusal) room -= 1;
      const item: Upload = {
        id: ++uploadIds,
        name: file.name,
        size: file.size,
        status: refusal ? "failed" : "waiting",
        ...(refusal ? { message: refusal } : {}),
      };
      return { file, item };
    });
    setUploads((list) => [
      ...list.filter((u) => u.status !== "done"),
      ...queued.map((q) => q.item),
    ]);
    let added = 0;
    // One at a time: the order of the photos is the order they were chosen in.
    for (const { file, item } of queued) {
      if (item.status !== "waiting") continue;
      update(item.id, { status: "uploading" });
      try {
        const image = await uploadProductImage(productId, file);
        latest.current = [...latest.current, image];
        onImages(latest.current);
        update(item.id, { status: "done" });
        added += 1;
      } catch (error) {
        update(item.id, { status: "failed", message: uploadFailure(error) });
        if (isGateRefusal(error)) return;
      }
    }
    if (added > 0) toast.success(added === 1 ? "Photo added" : `${added} photos added`);
  };

  const move = async (index: number, by: -1 | 1) => {
    const keys = images.map((image) => image.key);
    const [moved] = keys.splice(index, 1);
    if (moved === undefined) return;
    keys.splice(index + by, 0, moved);
    setBusy(true);
    try {
      onImages(await orderProductImages(productId, keys));
    } catch (error) {
      reportAdminFailure(error, "The photos could not be reordered.");
    } finally {
      setBusy(false);
    }
  };

  const remove = async (image: AdminImageDto) => {
    setBusy(true);
    try {
      onImages(await deleteProductImage(productId, image.key));
      toast.success("Photo deleted");
      setDeleting(null);
    } catch (error) {
      reportAdminFailure(error, "The photo could not be deleted.");
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  const active = uploads.filter((u) => u.status === "waiting" || u.status === "uploading");
  const finished = uploads.filter((u) => u.status === "done").length;
  const sending = uploads.filter((u) => u.status !== "failed");
  const full = images.length >= MAX_IMAGES_PER_PRODUCT;

  return (
    <Card
      title="Photos"
      className="product-photos"
      aside={
        <p className="admin-muted">
          {images.length} of {MAX_IMAGES_PER_PRODUCT} · the first is the cover
        </p>
      }
    >
      {images.length === 0 ? (
        <p className="admin-muted">No photos yet: the storefront shows a plain tile.</p>
      ) : (
        <ol className="photo-grid">
          {images.map((image, index) => (
            <li key={image.key} className="photo-card">
              <div className="photo-frame">
                <img
                  src={image.url}
                  alt={image.alt || `Photo ${index + 1} of ${productName}`}
                  loading="lazy"
                  decoding="async"
                />
                {index === 0 ? <span className="photo-cover">Cover</span> : null}
              </div>
              <AltEditor
                productId={productId}
                image={image}
                number={index + 1}
                onSaved={(saved) =>
                  onImages(latest.current.map((i) => (i.key === saved.key ? saved : i)))
                }
              />
              <div className="photo-actions">
                <button
                  type="button"
                  className="admin-icon-button"
                  aria-label={`Move photo ${index + 1} left`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="admin-icon-button"
                  aria-label={`Move photo ${index + 1} right`}
                  disabled={busy || index === images.length - 1}
                  onClick={() => move(index, 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="admin-link-button is-danger"
                  disabled={busy}
                  onClick={() => setDeleting(image)}
                >
                  Delete<span className="visually-hidden"> photo {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <label
        className={dragging ? "photo-drop is-dragging" : "photo-drop"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-disabled={full || undefined}
      >
        <input
          ref={input}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="visually-hidden"
          disabled={full}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            void addFiles(files);
          }}
        />
        <span className="photo-drop-title">
          {full ? "This product has all the photos it can hold" : "Add photos"}
        </span>
        <span className="admin-muted">
          JPEG, PNG, WebP or AVIF, up to {MAX_IMAGE_BYTES / 1024 / 1024} MB each. Choose several at
          once, or drop them here.
        </span>
      </label>
      {uploads.length > 0 ? (
        <div className="photo-uploads">
          {active.length > 0 ? (
            <div className="photo-progress">
              <label htmlFor={`uploads-${productId}`}>
                Uploading {Math.min(finished + 1, sending.length)} of {sending.length}
              </label>
              <progress id={`uploads-${productId}`} max={sending.length} value={finished} />
            </div>
          ) : null}
          <ul className="photo-upload-list" aria-label="Uploads">
            {uploads.map((upload) => (
              <li key={upload.id} className={`photo-upload is-${upload.status}`}>
                <span className="photo-upload-name">{upload.name}</span>
                <span className="admin-muted">{megabytes(upload.size)}</span>
                <span className="photo-upload-status">{STATUS_TEXT[upload.status]}</span>
                {upload.message ? (
                  <span className="photo-upload-message" role="alert">
                    {upload.message}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {active.length === 0 ? (
            <button type="button" className="admin-link-button" onClick={() => setUploads([])}>
              Clear this list
            </button>
          ) : null}
        </div>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this photo?"
          confirmLabel="Delete photo"
          danger
          busy={busy}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <img className="photo-confirm" src={deleting.url} alt="" />
          <p>It leaves the product at once, and the storefront with it.</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function AltEditor({
  productId,
  image,
  number,
  onSaved,
}: {
  productId: string;
  image: AdminImageDto;
  number: number;
  onSaved: (image: AdminImageDto) => void;
}) {
  const [draft, setDraft] = useState(image.alt);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = `alt-${image.key.replace(/[^a-z0-9]/gi, "-")}`;
  const changed = draft !== image.alt;

  const save = async () => {
    const parsed = v.safeParse(AltSchema, draft);
    if (!parsed.success) {
      setError(fieldMessage(parsed.issues[0].message));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await setProductImageAlt(productId, image.key, parsed.output);
      setDraft(saved.alt);
      onSaved(saved);
      toast.success(`Alt text of photo ${number} saved`);
    } catch (error) {
      reportAdminFailure(error, "The alt text could not be saved.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="photo-alt">
      <label htmlFor={id} className="field-label">
        Alt text<span className="visually-hidden"> of photo {number}</span>
      </label>
      <div className="photo-alt-row">
        <input
          id={id}
          className="field-input"
          value={draft}
          maxLength={MAX_ALT_LENGTH}
          placeholder="What the photo shows"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              if (changed) void save();
            }
          }}
        />
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={!changed || saving}
          onClick={save}
        >
          {saving ? "Saving…" : "Save"}
          <span className="visually-hidden"> alt text of photo {number}</span>
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
