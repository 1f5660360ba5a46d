// A product's photos: upload several at once (each its own request, with its own outcome), alt
// text per photo, the order (the first is the cover), and delete. The Worker judges a photo by
// its bytes (415 otherwise) and its size (413); obvious refusals are caught here before sending.
// A new product's photos are chosen with the rest of it (ChosenPhotos): the upload endpoint needs
// the product's id, so once it is created they are handed to its page, which uploads them.
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from "react";
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

type UploadStatus = "chosen" | "waiting" | "uploading" | "done" | "failed";

interface Upload {
  id: number;
  file: File;
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
  chosen: "Uploads once the product is created",
  waiting: "Waiting",
  uploading: "Uploading…",
  done: "Added",
  failed: "Not added",
};

let uploadIds = 0;

/**
 * New files as uploads, in the order chosen: those refused before sending are failed with why, and
 * past the product's room of `room` photos, too many. The rest start as `status`.
 */
function queueFiles(files: File[], room: number, status: "chosen" | "waiting"): Upload[] {
  let left = room;
  return files.map((file) => {
    let refusal = refusedBeforeSending(file);
    if (!refusal && left <= 0) refusal = IMAGE_MESSAGES.tooMany;
    if (!refusal) left -= 1;
    return {
      id: ++uploadIds,
      file,
      status: refusal ? "failed" : status,
      ...(refusal ? { message: refusal } : {}),
    };
  });
}

/** Photos chosen for a product before it existed, until its page takes them. */
const handedOver = new Map<string, File[]>();

/** Gives a new product's chosen photos to its page, which uploads them when it opens. */
export function handOverPhotos(productId: string, files: File[]): void {
  if (files.length > 0) handedOver.set(productId, files);
}

/** The drop zone and its file input: several photos at once, chosen or dropped. */
function PhotoDrop({ full, onFiles }: { full: boolean; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    onFiles(files);
  };
  return (
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
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        disabled={full}
        onChange={onChange}
      />
      <span className="photo-drop-title">
        {full ? "This product has all the photos it can hold" : "Add photos"}
      </span>
      <span className="admin-muted">
        JPEG, PNG, WebP or AVIF, up to {MAX_IMAGE_BYTES / 1024 / 1024} MB each. Choose several at
        once, or drop them here.
      </span>
    </label>
  );
}

/** Each file's name, size and outcome, with why one was not added; progress while some go up. */
function UploadList({
  uploads,
  progressId,
  onClear,
  onRemove,
}: {
  uploads: Upload[];
  progressId: string;
  onClear: () => void;
  onRemove?: (id: number) => void;
}) {
  if (uploads.length === 0) return null;
  const active = uploads.filter((u) => u.status === "waiting" || u.status === "uploading");
  const sending = uploads.filter((u) => u.status !== "failed" && u.status !== "chosen");
  const finished = uploads.filter((u) => u.status === "done").length;
  return (
    <div className="photo-uploads">
      {active.length > 0 ? (
        <div className="photo-progress">
          <label htmlFor={progressId}>
            Uploading {Math.min(finished + 1, sending.length)} of {sending.length}
          </label>
          <progress id={progressId} max={sending.length} value={finished} />
        </div>
      ) : null}
      <ul className="photo-upload-list" aria-label="Uploads">
        {uploads.map((upload) => (
          <li key={upload.id} className={`photo-upload is-${upload.status}`}>
            <span className="photo-upload-name">{upload.file.name}</span>
            <span className="admin-muted">{megabytes(upload.file.size)}</span>
            <span className="photo-upload-status">{STATUS_TEXT[upload.status]}</span>
            {onRemove ? (
              <button
                type="button"
                className="admin-link-button is-danger"
                onClick={() => onRemove(upload.id)}
              >
                Remove<span className="visually-hidden"> {upload.file.name}</span>
              </button>
            ) : null}
            {upload.message ? (
              <span className="photo-upload-message" role="alert">
                {upload.message}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {active.length === 0 && !onRemove ? (
        <button type="button" className="admin-link-button" onClick={onClear}>
          Clear this list
        </button>
      ) : null}
    </div>
  );
}

/**
 * A new product's photos: chosen now, each checked as it would be on upload, and uploaded in this
 * order once the product is created (`onFiles` hears the ones that will be).
 */
export function ChosenPhotos({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [chosen, setChosen] = useState<Upload[]>([]);
  const keep = (next: Upload[]) => {
    setChosen(next);
    onFiles(next.filter((u) => u.status === "chosen").map((u) => u.file));
  };
  const room = MAX_IMAGES_PER_PRODUCT - chosen.filter((u) => u.status === "chosen").length;
  return (
    <Card
      title="Photos"
      className="product-photos"
      aside={<p className="admin-muted">The first is the cover</p>}
    >
      <PhotoDrop
        full={room <= 0}
        onFiles={(files) => keep([...chosen, ...queueFiles(files, room, "chosen")])}
      />
      <UploadList
        uploads={chosen}
        progressId="new-product-uploads"
        onClear={() => keep([])}
        onRemove={(id) => keep(chosen.filter((u) => u.id !== id))}
      />
    </Card>
  );
}

interface ProductPhotosProps {
  productId: string;
  productName: string;
  images: AdminImageDto[];
  onImages: (images: AdminImageDto[]) => void;
}

export function ProductPhotos({ productId, productName, images, onImages }: ProductPhotosProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AdminImageDto | null>(null);
  // Uploads finish one after another: each adds to the list as it is then, not as it was.
  const latest = useRef(images);
  latest.current = images;

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const queued = queueFiles(files, MAX_IMAGES_PER_PRODUCT - latest.current.length, "waiting");
    setUploads((list) => [...list.filter((u) => u.status !== "done"), ...queued]);
    let added = 0;
    // One at a time: the order of the photos is the order they were chosen in.
    for (const item of queued) {
      if (item.status !== "waiting") continue;
      update(item.id, { status: "uploading" });
      try {
        const image = await uploadProductImage(productId, item.file);
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

  // The photos chosen while the product was being created go up now, here, one by one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product, on opening its page
  useEffect(() => {
    const files = handedOver.get(productId);
    handedOver.delete(productId);
    if (files) void addFiles(files);
  }, [productId]);

  const change = async (send: () => Promise<AdminImageDto[]>, failed: string, done?: string) => {
    setBusy(true);
    try {
      onImages(await send());
      if (done) toast.success(done);
      setDeleting(null);
    } catch (error) {
      reportAdminFailure(error, failed);
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const keys = images.map((image) => image.key);
    const [moved] = keys.splice(index, 1);
    if (moved === undefined) return;
    keys.splice(index + by, 0, moved);
    void change(() => orderProductImages(productId, keys), "The photos could not be reordered.");
  };

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
        <ol className="photo-grid grid-list">
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
      <PhotoDrop
        full={images.length >= MAX_IMAGES_PER_PRODUCT}
        onFiles={(files) => void addFiles(files)}
      />
      <UploadList
        uploads={uploads}
        progressId={`uploads-${productId}`}
        onClear={() => setUploads([])}
      />
      {deleting ? (
        <ConfirmDialog
          title="Delete this photo?"
          confirmLabel="Delete photo"
          danger
          busy={busy}
          onConfirm={() =>
            change(
              () => deleteProductImage(productId, deleting.key),
              "The photo could not be deleted.",
              "Photo deleted",
            )
          }
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
