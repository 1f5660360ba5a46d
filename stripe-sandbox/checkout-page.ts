// The hosted payment page behind session.url: plain HTML forms, inline CSS, nothing fetched
// from elsewhere, so it works offline, in a headless browser and from a script alike.
import { formatMoney } from "./money";
import type { CheckoutSession, Coupon } from "./state";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (value: string | number) =>
  String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;color:#a04b00;background:#ffe9d1;border-radius:4px;padding:0 .4rem}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:1rem;margin-top:1rem}
ul{list-style:none;margin:0;padding:0}
li,.row{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0}
li span:first-child,.row span:first-child{overflow-wrap:anywhere}
li>span:last-child,.row>span:last-child{white-space:nowrap}
.qty{color:#697386;font-size:.875rem}
.total{font-weight:700;font-size:1.125rem;border-top:1px solid #e3e8ee;margin-top:.5rem;padding-top:.75rem}
.discount{color:#0b7a3e}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #c1c9d2;border-radius:6px}
input:focus{outline:2px solid #635bff;outline-offset:1px}
.hint{color:#697386;font-size:.8125rem;margin:.35rem 0 0}
.error{color:#b3093c;background:#fde8ee;border-radius:6px;padding:.6rem .75rem;margin:1rem 0 0}
button{width:100%;font:inherit;font-weight:600;border:0;border-radius:6px;padding:.75rem;margin-top:1rem;cursor:pointer}
.pay{background:#635bff;color:#fff}
.cancel{background:transparent;color:#635bff;margin-top:.25rem}
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

export interface CheckoutPageView {
  session: CheckoutSession;
  coupon: Coupon | undefined;
  error?: string;
  /** What the customer typed, so a declined attempt does not wipe the form. */
  email?: string;
}

function summary({ session, coupon }: CheckoutPageView): string {
  const money = (amount: number) => escapeHtml(formatMoney(amount, session.currency));
  const lines = session.lines
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.name)} <span class="qty">× ${escapeHtml(line.quantity)}</span></span><span>${money(line.unitAmount * line.quantity)}</span></li>`,
    )
    .join("\n");
  const discount =
    session.amountDiscount > 0
      ? `<div class="row"><span>Subtotal</span><span>${money(session.amountSubtotal)}</span></div>
<div class="row discount"><span>Discount${coupon?.name ? ` (${escapeHtml(coupon.name)})` : ""}</span><span>−${money(session.amountDiscount)}</span></div>`
      : "";
  return `<section class="card" aria-label="Order summary">
<ul>
${lines}
</ul>
${discount}
<div class="row total"><span>Total</span><span>${money(session.amountTotal)}</span></div>
</section>`;
}

function paymentForm(view: CheckoutPageView): string {
  const { session } = view;
  const free = session.amountTotal === 0;
  const email = session.customerEmail
    ? `<div class="row"><span>Email</span><span>${escapeHtml(session.customerEmail)}</span></div>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(view.email ?? "")}">`;
  const card = free
    ? ""
    : `<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<p class="hint">Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.</p>`;
  const label = free
    ? "Complete order"
    : `Pay ${formatMoney(session.amountTotal, session.currency)}`;
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : "";
  const cancel = session.cancelUrl
    ? `<form method="post">
<input type="hidden" name="action" value="cancel">
<button class="cancel" type="submit">Cancel</button>
</form>`
    : "";
  return `<section class="card" aria-label="Payment">
<form method="post">
${email}
${card}
${error}
<button class="pay" type="submit">${escapeHtml(label)}</button>
</form>
${cancel}
</section>`;
}

export function checkoutPage(view: CheckoutPageView): string {
  const heading = `<h1>Checkout</h1>
<span class="badge">TEST MODE · Stripe sandbox</span>`;
  return layout("Checkout", `${heading}\n${summary(view)}\n${paymentForm(view)}`);
}

export function noticePage(title: string, message: string, link?: { href: string; text: string }) {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : "";
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<section class="card"><p>${escapeHtml(message)}</p>${back}</section>`,
  );
}
