// Australian tax invoices: a printable page per paid order, reached through a signed, expiring
// link, so it opens in a new tab without the access token and nobody can guess another's. The page
// is the tax invoice and, once the order has refunds, an adjustment note for each: GST is one
// eleventh of the total paid and of each refund (docs/decisions/0013-gst-on-invoices.md).

import { formatCents } from "../../contracts/money";
import { shopDiscountLabel } from "../../contracts/promotions";
import { gstIncludedCents, TAX_LINE_LABEL } from "../../contracts/totals";
import type { Bindings } from "../../env";
import type { Deps } from "../../lib/deps";
import { escapeHtml } from "../../lib/html";
import { keyFor } from "../../lib/keys";
import { signMessage, verifyMessage } from "../../lib/tokens";
import type { RefundEntry } from "../reports/reports";
import { creatorDiscountCents, type OrderWithItems } from "./orders";

/** The longest an invoice link works. */
export const INVOICE_LINK_SECONDS = 30 * 24 * 60 * 60;
/**
 * Links are reissued on fixed 15-day boundaries (counted from the Unix epoch), not on every call:
 * every answer about an order between two boundaries carries the same link, which still works for
 * more than 15 days, and its expiry says nothing about when it was asked for.
 */
const REISSUE_SECONDS = INVOICE_LINK_SECONDS / 2;

/** The expiry (Unix seconds) of the links handed out at `now`: between 15 and 30 days away. */
export const invoiceLinkExpiry = (now = Date.now()) =>
  (Math.floor(now / 1000 / REISSUE_SECONDS) + 2) * REISSUE_SECONDS;

const signed = (id: string, expires: number) => `invoice:${id}:${expires}`;

export async function invoiceUrl(
  { env }: Pick<Deps, "env">,
  orderId: string,
  now = Date.now(),
): Promise<string> {
  const expires = invoiceLinkExpiry(now);
  const sig = await signMessage(await keyFor(env, "invoiceLink"), signed(orderId, expires));
  return `${env.APP_ORIGIN}/api/order/invoice/${orderId}?expires=${expires}&sig=${sig}`;
}

/** True for a link invoiceUrl made for this order that has not expired. */
export async function isValidInvoiceLink(
  { env }: Pick<Deps, "env">,
  orderId: string,
  expires: number,
  sig: string,
  now = Date.now(),
): Promise<boolean> {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  return verifyMessage(await keyFor(env, "invoiceLink"), signed(orderId, expires), sig);
}

const money = (cents: number) => escapeHtml(formatCents(cents));

const formatAbn = (abn: string) => {
  const d = abn.replace(/\s/g, "");
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
};

const dateInBrisbane = (d: Date | number) =>
  new Date(d).toLocaleDateString("en-AU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Australia/Brisbane",
  });

/** The invoice's own CSP: inline styles, the shop's images, no scripts at all. */
export const INVOICE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The adjustment notes of an order's refunds (oldest first) and the net figures after them. */
function adjustmentNotes(number: string, totalCents: number, refunds: readonly RefundEntry[]) {
  if (refunds.length === 0) return "";
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const adjustedCents = refunds.reduce((sum, r) => sum + r.gstCents, 0);
  const rows = refunds
    .map(
      (r, i) => `<tr><td>#${number}-A${i + 1}</td><td>${escapeHtml(dateInBrisbane(r.at))}</td>
<td class="n">${money(-r.amountCents)}</td><td class="n">${money(-r.gstCents)}</td></tr>`,
    )
    .join("");
  return `<section><h2>Adjustment notes</h2>
<p class="muted">Each note records a refund of this invoice's sale: a decreasing adjustment, the price lower by the refund and the GST payable lower by one eleventh of it.</p>
<table><thead><tr><th>Note</th><th>Date</th><th class="n">Refund (GST inclusive)</th><th class="n">GST adjusted</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>Paid less refunds: ${money(totalCents - refundedCents)}.</p>
<p class="gst">Net GST after adjustments: ${money(gstIncludedCents(totalCents) - adjustedCents)}.</p></section>`;
}

/**
 * The tax invoice of a paid order: the figures the buyer saw at checkout, each labelled for what it
 * is, the GST in the total paid, then an adjustment note for each of `refunds` (refundsMade).
 */
export function invoiceHtml(
  env: Bindings,
  { order, items }: OrderWithItems,
  refunds: readonly RefundEntry[] = [],
): string {
  const a = order.address;
  const number = order.id.slice(-8).toUpperCase();
  const rows = items
    .map(
      (i) => `<tr><td>${escapeHtml(i.name)}</td><td class="n">${i.quantity}</td>
<td class="n">${money(i.unitPriceCents)}</td><td class="n">${money(i.unitPriceCents * i.quantity)}</td></tr>`,
    )
    .join("");
  const line = (label: string, cents: number, cls = "") =>
    `<tr class="${cls}"><th colspan="3">${escapeHtml(label)}</th><td class="n">${money(cents)}</td></tr>`;
  const paidOn = order.paidAt ?? order.createdAt;
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Tax invoice #${number} — ${escapeHtml(env.SELLER_NAME)}</title>
<style>
body{font-family:Georgia,serif;color:#2b1320;margin:0;background:#f6efe6}
main{max-width:760px;margin:24px auto;background:#fff;padding:32px;border-top:6px solid #b87333}
h1{margin:0;font-size:28px;letter-spacing:1px}h2{font-size:16px;margin:24px 0 4px}header{display:flex;justify-content:space-between;gap:24px;flex-wrap:wrap}
table{width:100%;border-collapse:collapse;margin-top:24px}td,th{padding:8px 6px;border-bottom:1px solid #eadbc8;text-align:left}
.n{text-align:right;white-space:nowrap}tfoot th{text-align:right;font-weight:normal}.total th,.total td{font-weight:bold;font-size:18px}
.gst{font-weight:bold}.muted{color:#6b4b3e;font-size:14px}@media print{body{background:#fff}main{margin:0;box-shadow:none}.noprint{display:none}}
@media (max-width:540px){main{padding:18px;margin:0}}
</style></head><body><main>
<header><div><h1>Tax invoice</h1><p class="muted">Invoice #${number}<br>Order ${escapeHtml(order.id)}<br>Date ${escapeHtml(dateInBrisbane(paidOn))}</p></div>
<div><strong>${escapeHtml(env.SELLER_NAME)}</strong><br>ABN ${escapeHtml(formatAbn(env.SELLER_ABN))}<br>Brisbane, Queensland, Australia</div></header>
<section><h2>Billed to</h2><p class="muted" style="margin:0">${escapeHtml(`${a.firstName} ${a.lastName}`)}<br>
${escapeHtml(a.street)}${a.street2 ? `<br>${escapeHtml(a.street2)}` : ""}<br>${escapeHtml(`${a.city} ${a.state} ${a.zipcode}`)}<br>${escapeHtml(a.country)}<br>${escapeHtml(order.email)}</p></section>
<table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot>
${line("Subtotal", order.subtotalCents)}
${line(TAX_LINE_LABEL, order.taxCents)}
${line("Delivery", order.deliveryFeeCents)}
${creatorDiscountCents(order) > 0 ? line("Discount", -creatorDiscountCents(order)) : ""}
${order.shopDiscountCents > 0 ? line(shopDiscountLabel(order.promotionCode), -order.shopDiscountCents) : ""}
${line("Total paid (AUD, GST inclusive)", order.totalCents, "total")}
</tfoot></table>
<p class="gst">Total includes GST of ${money(gstIncludedCents(order.totalCents))}.</p>
<p class="muted">Every item and the delivery are taxable sales: the GST is one eleventh of the total paid. Paid by card.</p>
${adjustmentNotes(number, order.totalCents, refunds)}
<p class="muted noprint">Use your browser's Print command to keep a copy or save it as a PDF.</p>
</main></body></html>`;
}
