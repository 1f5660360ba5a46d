// The audit log in words: what happened ("Stock adjusted"), and each field that changed as
// before → after, in the units a person reads (dollars, category names, Yes/No), never raw JSON.
import type { AuditEntity, AuditEntryDto } from "../../../worker/contracts/admin";
import { orderNumber } from "../../../worker/contracts/admin-orders";
import { formatCents } from "../../../worker/contracts/money";
import { PRODUCT_STATUS_WORDS } from "../products/product-status";

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  product: "Products",
  category: "Categories",
  image: "Photos",
  stock: "Stock",
  order: "Orders",
  creator: "Creators",
  account: "Accounts",
  message: "Messages",
  payout: "Payouts",
  promotion: "Promotions",
};

const ACTIONS: Partial<Record<AuditEntity, Record<string, string>>> = {
  product: { create: "Product created", update: "Product edited", archive: "Product archived" },
  category: { create: "Category created", update: "Category edited" },
  image: {
    upload: "Photo added",
    reorder: "Photos reordered",
    alt: "Alt text changed",
    delete: "Photo deleted",
  },
  stock: { set: "Stock count set", adjust: "Stock adjusted" },
  message: { reply: "Message replied to", status: "Message status changed" },
  payout: {
    create: "Payout made",
    paid: "Payout marked as paid",
    cancel: "Payout cancelled",
    "export.aba": "Bank file (ABA) downloaded",
    "export.paypal": "PayPal file downloaded",
  },
  order: {
    status: "Order status changed",
    tracking: "Tracking corrected",
    note: "Note added",
    refund: "Refund made",
    refund_failed: "Refund failed",
    cancel: "Order cancelled",
    "commission-release": "Held commission released",
    "commission-reject": "Held commission rejected",
  },
  creator: { status: "Creator status changed", terms: "Creator terms changed" },
  account: {
    sign_in: "Signed in",
    payout_details: "Payout details changed",
    "second_factor.enrolled": "Two-step sign-in turned on",
    "second_factor.passed": "Passed two-step sign-in",
    "second_factor.failed": "Wrong two-step code",
    "export.subscribers": "Newsletter subscribers downloaded",
    "export.gst": "GST report downloaded",
  },
};

/** "first_word.second" reads "First word second". */
const words = (text: string) => {
  const spaced = text
    .replace(/[._]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const SINGULAR: Record<AuditEntity, string> = {
  product: "Product",
  category: "Category",
  image: "Photos",
  stock: "Stock",
  order: "Order",
  creator: "Creator",
  account: "Account",
  message: "Message",
  payout: "Payout",
  promotion: "Promotion",
};

export function describeAction(entry: Pick<AuditEntryDto, "entity" | "action">): string {
  return (
    ACTIONS[entry.entity]?.[entry.action] ??
    `${SINGULAR[entry.entity] ?? words(entry.entity)}: ${words(entry.action).toLowerCase()}`
  );
}

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  slug: "Web address",
  categoryId: "Category",
  tags: "Tags",
  originalPriceCents: "Original price",
  finalPriceCents: "Final price",
  bestseller: "Bestseller",
  isNew: "New",
  premium: "Premium",
  variant: "Variant",
  status: "Status",
  lowStockThreshold: "Low-stock alert at",
  onHand: "Stock count",
  reserved: "In checkouts",
  available: "Available",
  delta: "Change",
  reason: "Reason",
  imageKey: "Picture",
  secondFactor: "Two-step sign-in",
  minimumCents: "Minimum",
  totalCents: "Total",
  // Sign-ins, second-factor tries and downloads.
  network: "From network",
  file: "File",
  lines: "Payments",
  rows: "Rows",
  processingDate: "Processing date",
  from: "From",
  to: "To",
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? words(field);

/**
 * Codes the Worker and Stripe record (statuses, a refund's or a dispute's reason) as a person says
 * them; any other code (lower-case words joined by _ or -) reads as its words.
 */
const CODE_WORDS: Record<string, string> = {
  requested_by_customer: "Requested by the customer",
  duplicate: "Duplicate payment",
  fraudulent: "Fraudulent",
  product_not_received: "Product not received",
  product_unacceptable: "Product unacceptable",
  credit_not_processed: "Credit not processed",
  needs_response: "Needs a response",
  warning_needs_response: "Needs a response (inquiry)",
  under_review: "Under review",
  cancelled: "Cancelled",
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  suspended: "Suspended",
  held: "Held for review",
  released: "Released",
  new: "New",
  replied: "Replied",
  closed: "Closed",
};

const CODE = /^[a-z]+(?:[_-][a-z]+)*$/;

/** A code in words: "requested_by_customer" reads "Requested by the customer". */
export const codeWords = (code: string): string =>
  CODE_WORDS[code] ?? (CODE.test(code) ? words(code) : code);

/** The fields whose values are codes. */
const CODED = new Set(["status", "review", "reason", "method"]);

/** What a missing or empty value reads as. */
export const NOTHING = "—";
const LONG_TEXT = 160;

export type CategoryNames = ReadonlyMap<string, string>;

export function formatValue(field: string, value: unknown, categories: CategoryNames): string {
  // A stock count of null means the product's stock was not tracked.
  if (value === null && (field === "onHand" || field === "available")) return "not tracked";
  if (value === null || value === undefined || value === "") return NOTHING;
  if (field.endsWith("Cents") && typeof value === "number") return formatCents(value);
  if (field === "categoryId" && typeof value === "string") return categories.get(value) ?? value;
  if (field === "delta" && typeof value === "number") {
    return value > 0 ? `+${value}` : `−${Math.abs(value)}`;
  }
  if (field === "status" && typeof value === "string" && value in PRODUCT_STATUS_WORDS) {
    return PRODUCT_STATUS_WORDS[value as keyof typeof PRODUCT_STATUS_WORDS].label;
  }
  if (CODED.has(field) && typeof value === "string") return codeWords(value);
  if (field === "restock" && Array.isArray(value)) {
    const units = value.reduce((sum: number, line) => sum + (Number(line?.quantity) || 0), 0);
    return units === 1 ? "1 unit" : `${units} units`;
  }
  if (field === "imageKey" && typeof value === "string") return fileName(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1).trimEnd()}…` : text;
}

/** "products/64f…/9c2e.jpg" reads "9c2e.jpg". */
const fileName = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export interface Change {
  field: string;
  label: string;
  /**
   * `changed`: before → after. `set`: a value given at creation. `note`: said with the change
   * (a stock change's reason). `removed`: a value that went.
   */
  kind: "changed" | "set" | "note" | "removed";
  before?: string;
  after?: string;
  /** The whole value, when the shown one is shortened. */
  full?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  categories: CategoryNames,
): Change[] {
  const show = (field: string, value: unknown) => formatValue(field, value, categories);
  const full = (value: unknown) =>
    typeof value === "string" && value.length > LONG_TEXT ? value : undefined;
  if (!after) {
    return Object.entries(before ?? {}).map(([field, value]) => ({
      field,
      label: fieldLabel(field),
      kind: "removed",
      before: show(field, value),
    }));
  }
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(after)) {
    const label = fieldLabel(field);
    if (!before) {
      changes.push({ field, label, kind: "set", after: show(field, value), full: full(value) });
    } else if (!(field in before)) {
      changes.push({ field, label, kind: "note", after: show(field, value), full: full(value) });
    } else if (!same(before[field], value)) {
      changes.push({
        field,
        label,
        kind: "changed",
        before: show(field, before[field]),
        after: show(field, value),
        full: full(value),
      });
    }
  }
  return changes;
}

interface PhotoEntry {
  key: string;
  alt: string;
}

function photosOf(side: Record<string, unknown> | null): PhotoEntry[] {
  const images = side?.images;
  if (!Array.isArray(images)) return [];
  return images.flatMap((image) => {
    const { key, alt } = (image ?? {}) as { key?: unknown; alt?: unknown };
    return typeof key === "string" ? [{ key, alt: typeof alt === "string" ? alt : "" }] : [];
  });
}

/** A photo list's change: how many, which came and went, the new order, and alt texts. */
function photoChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const was = photosOf(before);
  const now = photosOf(after);
  const changes: Change[] = [];
  const position = new Map(was.map((photo, index) => [photo.key, index + 1]));
  if (was.length !== now.length) {
    changes.push({
      field: "images",
      label: "Photos",
      kind: "changed",
      before: String(was.length),
      after: String(now.length),
    });
  }
  // Keys are random names: a photo is told by its place in the list.
  now.forEach((photo, index) => {
    if (!position.has(photo.key)) {
      changes.push({ field: "images", label: "Added", kind: "note", after: `photo ${index + 1}` });
    }
  });
  const kept = new Set(now.map((photo) => photo.key));
  for (const photo of was) {
    if (!kept.has(photo.key)) {
      changes.push({
        field: "images",
        label: "Removed",
        kind: "note",
        after: `photo ${position.get(photo.key)}`,
      });
    }
  }
  const stayed = now.filter((photo) => position.has(photo.key));
  const order = stayed.map((photo) => position.get(photo.key));
  const sorted = [...order].sort((a, b) => (a ?? 0) - (b ?? 0));
  if (!same(order, sorted)) {
    changes.push({
      field: "order",
      label: "Order",
      kind: "changed",
      before: sorted.join(", "),
      after: order.join(", "),
    });
  }
  const altBefore = new Map(was.map((photo) => [photo.key, photo.alt]));
  now.forEach((photo, index) => {
    const old = altBefore.get(photo.key);
    if (old !== undefined && old !== photo.alt) {
      changes.push({
        field: "alt",
        label: `Alt text of photo ${index + 1}`,
        kind: "changed",
        before: old || NOTHING,
        after: photo.alt || NOTHING,
      });
    }
  });
  return changes;
}

/** Every change an entry records, in reading order. */
export function changesOf(entry: AuditEntryDto, categories: CategoryNames = new Map()): Change[] {
  if (entry.entity === "image") return photoChanges(entry.before, entry.after);
  return fieldChanges(entry.before, entry.after, categories);
}

/** The name of what an entry is about, when it has one: a product's, a category's, an order's number. */
export function subjectName(entry: AuditEntryDto): string | null {
  if (entry.entity === "order") return `order #${orderNumber(entry.entityId)}`;
  const name = entry.after?.name ?? entry.before?.name;
  return typeof name === "string" ? name : null;
}
