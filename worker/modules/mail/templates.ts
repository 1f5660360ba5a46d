// Every mail the shop writes: subject, text and HTML, in the shop's layout. Sending is
// modules/mail/outbox.ts; what a visitor typed is escaped here before it reaches HTML.

import type { LowStockProductDto } from "../../contracts/admin-catalogue";
import { type CarrierId, carrierName, orderNumber } from "../../contracts/admin-orders";
import { formatCents } from "../../contracts/money";
import { shopDiscountLabel } from "../../contracts/promotions";
import { formatShopMoment } from "../../contracts/shop-time";
import { gstIncludedCents, TAX_LINE_LABEL } from "../../contracts/totals";
import { brisbaneDate } from "../../lib/brisbane-time";
import { escapeHtml } from "../../lib/html";
import type { OrderWithItems } from "../orders/orders";
import type { EmailMessage } from "./outbox";

/** The shop's mail layout around a body of trusted HTML. */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#fff6e8;font-family:Georgia,serif;color:#2b1320">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;border-top:6px solid #b87333">
<tr><td style="padding:28px 32px"><p style="margin:0 0 4px;color:#8c4a22;font-size:13px;letter-spacing:2px">TAMRA &amp; TARA</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
</table><p style="color:#6b4b3e;font-size:12px">Tamra &amp; Tara · Brisbane, Queensland, Australia</p></td></tr></table>
</body></html>`;
}

/** The link to choose a new password (routes/user.ts, forgot-password). */
export function passwordResetEmail(to: string, name: string, link: string): EmailMessage {
  return {
    to,
    subject: "Reset your Tamra & Tara password",
    text: `Hello ${name},\n\nReset your password within the next hour: ${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
    html: emailLayout(
      "Reset your password",
      `<p>Hello ${escapeHtml(name)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a> within the next hour.</p>
<p style="font-size:12px;color:#6b4b3e">If you did not ask for this, ignore this mail; your password stays as it is.</p>`,
    ),
  };
}

/** What an email change is about: the address used to sign in, or where commission is paid. */
const EMAIL_KIND_LABEL = { login: "sign-in email", payout: "payout email" } as const;

/** The link that makes an email change happen, sent to the new address (routes/user.ts). */
export function emailChangeConfirmationEmail(
  to: string,
  name: string,
  kind: keyof typeof EMAIL_KIND_LABEL,
  link: string,
): EmailMessage {
  const what = EMAIL_KIND_LABEL[kind];
  return {
    to,
    subject: `Confirm your new Tamra & Tara ${what}`,
    text: `Hello ${name},\n\nTo make ${to} your ${what}, open this link within 24 hours: ${link}\n\nIf you did not ask for this, ignore this mail; nothing changes.\n`,
    html: emailLayout(
      `Confirm your new ${what}`,
      `<p>Hello ${escapeHtml(name)},</p><p><a href="${escapeHtml(link)}">Make ${escapeHtml(to)} your ${what}</a> within the next 24 hours.</p>
<p style="font-size:12px;color:#6b4b3e">If you did not ask for this, ignore this mail; nothing changes.</p>`,
    ),
  };
}

/**
 * The notice to the account's current address that a change was asked for (`newEmail` empty: the
 * payout email was removed), so the owner hears of a change they did not make.
 */
export function emailChangeNoticeEmail(
  to: string,
  name: string,
  kind: keyof typeof EMAIL_KIND_LABEL,
  newEmail: string,
): EmailMessage {
  const what = EMAIL_KIND_LABEL[kind];
  const change = newEmail
    ? `Someone signed in to your account asked to change your ${what} to ${newEmail}. It changes only if the link we sent to that address is opened.`
    : `Your ${what} was removed from your account.`;
  const advice =
    "If this was not you, reset your password now (Forgot password on the login page) and contact us.";
  return {
    to,
    subject: `Your Tamra & Tara ${what} is changing`,
    text: `Hello ${name},\n\n${change}\n\n${advice}\n`,
    html: emailLayout(
      `Your ${what} is changing`,
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(change)}</p><p>${escapeHtml(advice)}</p>`,
    ),
  };
}

/**
 * What the shop's inbox is told about a contact form message; replies go to the visitor. With
 * `inboxLink`, it also points at the back-office's inbox, where a reply is kept with the message.
 */
export function contactNotificationEmail(
  inbox: string,
  message: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    message: string;
  },
  inboxLink?: string,
): EmailMessage {
  const name = `${message.firstName} ${message.lastName}`;
  const details = [`From: ${name} <${message.email}>`, `Phone: ${message.phone ?? "not given"}`];
  return {
    to: inbox,
    replyTo: message.email,
    subject: `Contact form: ${name}`,
    text: `${details.join("\n")}\n\n${message.message}\n${inboxLink ? `\nReply from the back-office: ${inboxLink}\n` : ""}`,
    html: emailLayout(
      `New message from ${name}`,
      `<p>${details.map(escapeHtml).join("<br>")}</p>
<blockquote style="border-left:3px solid #b87333;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>${
        inboxLink
          ? `\n<p><a href="${escapeHtml(inboxLink)}">Reply from the back-office</a></p>`
          : ""
      }`,
    ),
  };
}

/** Who sends the shop's marketing mail and where it is (Spam Act: the sender is identified). */
export const SHOP_IDENTITY = "Tamra & Tara · Brisbane, Queensland, Australia";

/**
 * The double opt-in's one plain mail: the link that subscribes the address (routes/newsletter.ts).
 * Nothing to sell in it, so it is not a marketing mail.
 */
export function newsletterConfirmEmail(to: string, confirmUrl: string): EmailMessage {
  return {
    to,
    subject: "Confirm your Tamra & Tara newsletter subscription",
    text:
      `Please confirm that you want the Tamra & Tara newsletter at this address: ${confirmUrl}\n\n` +
      "The link works for 7 days. If you did not sign up, ignore this mail: you will not be " +
      `subscribed and we will not write again.\n\n${SHOP_IDENTITY}\n`,
    html: emailLayout(
      "Confirm your subscription",
      `<p>Please <a href="${escapeHtml(confirmUrl)}">confirm that you want the Tamra &amp; Tara newsletter</a> at this address.</p>
<p style="font-size:12px;color:#6b4b3e">The link works for 7 days. If you did not sign up, ignore this mail: you will not be subscribed and we will not write again.</p>`,
    ),
  };
}

/** A marketing mail's one-click unsubscribe (RFC 8058), for mail clients to offer. */
export const listUnsubscribeHeaders = (unsubscribeUrl: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** The newsletter's welcome, sent on confirmation, with its one-click unsubscribe link. */
export function newsletterWelcomeEmail(to: string, unsubscribeUrl: string): EmailMessage {
  const url = escapeHtml(unsubscribeUrl);
  return {
    to,
    kind: "marketing",
    subject: "Welcome to Tamra & Tara",
    text:
      "Namaste, and thank you for subscribing.\n\nYou'll hear from us about new handcrafted pieces, " +
      `copper care tips and offers — never more than twice a month.\n\nUnsubscribe: ${unsubscribeUrl}\n\n${SHOP_IDENTITY}\n`,
    html: emailLayout(
      "Welcome to Tamra & Tara",
      `<p>Namaste, and thank you for subscribing.</p><p>You'll hear from us about new handcrafted pieces,
copper care tips and offers — never more than twice a month.</p>
<p style="font-size:12px;color:#6b4b3e">Changed your mind? <a href="${url}">Unsubscribe</a>.</p>`,
    ),
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  };
}

/** The buyer's confirmation of a paid order, written with the payment (modules/orders/fulfilment.ts). */
export function orderConfirmationEmail(found: OrderWithItems, invoice: string): EmailMessage {
  const { order, items } = found;
  const number = `#${order.id.slice(-8)}`;
  const a = order.address;
  const addressLines = [
    `${a.firstName} ${a.lastName}`,
    a.street,
    a.street2,
    `${a.city} ${a.state} ${a.zipcode}`,
    a.country,
    `Phone ${a.phone}`,
  ].filter(Boolean) as string[];
  const totals: [string, number][] = [
    ["Subtotal", order.subtotalCents],
    [TAX_LINE_LABEL, order.taxCents],
    ["Delivery", order.deliveryFeeCents],
    // The creator code's discount, then the shop's: discount_cents holds both.
    ...(order.discountCents > order.shopDiscountCents
      ? ([["Discount", order.shopDiscountCents - order.discountCents]] as [string, number][])
      : []),
    ...(order.shopDiscountCents > 0
      ? ([[shopDiscountLabel(order.promotionCode), -order.shopDiscountCents]] as [string, number][])
      : []),
    ["Total", order.totalCents],
    ["Includes GST", gstIncludedCents(order.totalCents)],
  ];
  const text = [
    `Thank you for your order ${number}. We're preparing it now; Australian delivery takes 3-7 business days.`,
    "",
    ...items.map(
      (i) => `${i.quantity} x ${i.name} — ${formatCents(i.unitPriceCents * i.quantity)}`,
    ),
    "",
    ...totals.map(([label, cents]) => `${label}: ${formatCents(cents)}`),
    "",
    "Shipping to:",
    ...addressLines,
    "",
    `Tax invoice: ${invoice}`,
  ].join("\n");
  const html = emailLayout(
    `Order ${number} confirmed`,
    `<p>Thank you for your order. We're preparing it now; Australian delivery takes 3-7 business days.</p>
<table role="presentation" width="100%" cellpadding="6" style="border-collapse:collapse">
${items
  .map(
    (i) =>
      `<tr><td>${i.quantity} × ${escapeHtml(i.name)}</td><td align="right">${escapeHtml(formatCents(i.unitPriceCents * i.quantity))}</td></tr>`,
  )
  .join("")}
${totals
  .map(
    ([label, cents]) =>
      `<tr><td align="right">${escapeHtml(label)}</td><td align="right">${escapeHtml(formatCents(cents))}</td></tr>`,
  )
  .join("")}
</table>
<p><strong>Shipping to</strong><br>${addressLines.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(invoice)}">Download your tax invoice</a></p>`,
  );
  return { to: order.email, subject: `Your Tamra & Tara order ${number}`, text, html };
}

/** What is left of a product, as the owner's low-stock mail says it. */
const leftOf = (available: number) => (available === 0 ? "sold out" : `${available} left`);

/**
 * The owner's daily low-stock mail (modules/catalogue/stock.ts): each tracked product at or under its
 * threshold, sold out first, and the link to the back-office's stock screen. `date` is the
 * Brisbane day it is about (YYYY-MM-DD).
 */
export function lowStockEmail(
  inbox: string,
  date: string,
  items: Pick<LowStockProductDto, "name" | "available" | "lowStockThreshold">[],
  link: string,
): EmailMessage {
  const what = items.length === 1 ? "1 product" : `${items.length} products`;
  const intro = `${what} ${items.length === 1 ? "is at or under its" : "are at or under their"} low-stock threshold.`;
  const line = (p: (typeof items)[number]) =>
    `${p.name}: ${leftOf(p.available)} (threshold ${p.lowStockThreshold})`;
  return {
    to: inbox,
    subject: `Low stock on ${date}: ${what}`,
    text: `${intro}\n\n${items.map((p) => `- ${line(p)}`).join("\n")}\n\nRestock or adjust counts in the back-office: ${link}\n`,
    html: emailLayout(
      "Low stock",
      `<p>${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="6" style="border-collapse:collapse">
<tr><th align="left">Product</th><th align="right">Available</th><th align="right">Threshold</th></tr>
${items
  .map(
    (p) =>
      `<tr><td>${escapeHtml(p.name)}</td><td align="right">${escapeHtml(leftOf(p.available))}</td><td align="right">${p.lowStockThreshold}</td></tr>`,
  )
  .join("")}
</table>
<p><a href="${escapeHtml(link)}">Open stock in the back-office</a></p>`,
    ),
  };
}

/** The subject of the owner's reply to a contact message. */
export const CONTACT_REPLY_SUBJECT = "Re: your message to Tamra & Tara";

/**
 * The owner's reply to a contact message (modules/messages/inbox.ts): the reply, then the visitor's own
 * message quoted. An answer from the visitor goes to the shop's inbox (`replyTo`).
 */
export function contactReplyEmail(
  inbox: string,
  original: { firstName: string; email: string; message: string; createdAt: Date },
  reply: string,
): EmailMessage {
  const wrote = `On ${brisbaneDate(original.createdAt.getTime())} you wrote:`;
  const quoted = original.message
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  return {
    to: original.email,
    replyTo: inbox,
    subject: CONTACT_REPLY_SUBJECT,
    text: `Hello ${original.firstName},\n\n${reply}\n\nTamra & Tara\n\n${wrote}\n${quoted}\n`,
    html: emailLayout(
      "Our reply to your message",
      `<p>Hello ${escapeHtml(original.firstName)},</p>
<p style="white-space:pre-wrap">${escapeHtml(reply)}</p><p>Tamra &amp; Tara</p>
<p style="font-size:12px;color:#6b4b3e">${escapeHtml(wrote)}</p>
<blockquote style="border-left:3px solid #b87333;margin:0;padding-left:12px;white-space:pre-wrap;color:#6b4b3e">${escapeHtml(original.message)}</blockquote>`,
    ),
  };
}

/** The tracker steps whose reaching is mailed to the customer (Packing is not). */
export type MailedOrderStatus = "Shipped" | "Out for Delivery" | "Delivered";

const STATUS_MAIL: Record<MailedOrderStatus, { subject: string; title: string; news: string }> = {
  Shipped: { subject: "has shipped", title: "Your order is on its way", news: "has shipped" },
  "Out for Delivery": {
    subject: "is out for delivery",
    title: "Your order is out for delivery",
    news: "is out for delivery and should reach you today",
  },
  Delivered: {
    subject: "has been delivered",
    title: "Your order has been delivered",
    news: "has been delivered. We hope you love it",
  },
};

/**
 * The customer's news that their order moved on (modules/orders/back-office.ts): with the carrier,
 * tracking number and Track Order link when the parcel has one, and the link to their orders.
 */
export function orderStatusEmail(
  order: { id: string; email: string; firstName: string },
  status: MailedOrderStatus,
  shipping: { carrier: CarrierId; trackingNumber: string; trackingUrl: string } | null,
  ordersLink: string,
): EmailMessage {
  const number = `#${orderNumber(order.id)}`;
  const { subject, title, news } = STATUS_MAIL[status];
  const carrier = shipping ? carrierName(shipping.carrier) : "";
  const tracking = shipping
    ? [`Carrier: ${carrier}`, `Tracking number: ${shipping.trackingNumber}`]
    : [];
  return {
    to: order.email,
    orderId: order.id,
    subject: `Your Tamra & Tara order ${number} ${subject}`,
    text: [
      `Hello ${order.firstName},`,
      "",
      `Your order ${number} ${news}.`,
      ...(shipping ? ["", ...tracking, `Track it: ${shipping.trackingUrl}`] : []),
      "",
      `Your orders: ${ordersLink}`,
      "",
    ].join("\n"),
    html: emailLayout(
      title,
      `<p>Hello ${escapeHtml(order.firstName)},</p><p>Your order ${escapeHtml(number)} ${escapeHtml(news)}.</p>${
        shipping
          ? `\n<p>${tracking.map(escapeHtml).join("<br>")}</p>\n<p><a href="${escapeHtml(shipping.trackingUrl)}">Track your parcel with ${escapeHtml(carrier)}</a></p>`
          : ""
      }
<p><a href="${escapeHtml(ordersLink)}">See your orders</a></p>`,
    ),
  };
}

/**
 * The owner's alert of a new paid order, written with the payment (modules/orders/fulfilment.ts): what
 * was bought, by whom, and the link to the order in the back-office.
 */
export function newOrderAlertEmail(
  inbox: string,
  { order, items }: OrderWithItems,
  link: string,
): EmailMessage {
  const number = `#${orderNumber(order.id)}`;
  const total = formatCents(order.totalCents);
  const buyer = `${order.address.firstName} ${order.address.lastName} <${order.email}>`;
  const line = (i: (typeof items)[number]) =>
    `${i.quantity} × ${i.name} — ${formatCents(i.unitPriceCents * i.quantity)}`;
  return {
    to: inbox,
    orderId: order.id,
    subject: `New order ${number} — ${total}`,
    text: `${items.map(line).join("\n")}\n\nTotal: ${total}\nBuyer: ${buyer}\n\nOpen it in the back-office: ${link}\n`,
    html: emailLayout(
      `New order ${number}`,
      `<ul>${items.map((i) => `<li>${escapeHtml(line(i))}</li>`).join("")}</ul>
<p><strong>Total: ${escapeHtml(total)}</strong><br>Buyer: ${escapeHtml(buyer)}</p>
<p><a href="${escapeHtml(link)}">Open the order in the back-office</a></p>`,
    ),
  };
}

/** An order in the owner's daily list of orders waiting too long to ship. */
export interface OverdueOrderLine {
  id: string;
  name: string;
  email: string;
  status: string;
  paidAt: Date;
  totalCents: number;
  link: string;
}

/**
 * The owner's daily mail of paid orders still not shipped more than `businessDays` business days
 * after payment (modules/orders/back-office.ts), oldest first, each with its back-office link. `date` is
 * the Brisbane day it is about (YYYY-MM-DD).
 */
export function overdueToShipEmail(
  inbox: string,
  date: string,
  businessDays: number,
  lines: readonly OverdueOrderLine[],
): EmailMessage {
  const what = lines.length === 1 ? "1 order" : `${lines.length} orders`;
  const intro = `${what} ${lines.length === 1 ? "has" : "have"} waited more than ${businessDays} business days to ship.`;
  const text = (o: OverdueOrderLine) =>
    `#${orderNumber(o.id)} — ${o.name} <${o.email}> — paid ${brisbaneDate(o.paidAt.getTime())} — ${o.status} — ${formatCents(o.totalCents)}`;
  return {
    to: inbox,
    subject: `Waiting to ship on ${date}: ${what}`,
    text: `${intro}\n\n${lines.map((o) => `- ${text(o)}\n  ${o.link}`).join("\n")}\n`,
    html: emailLayout(
      "Orders waiting to ship",
      `<p>${escapeHtml(intro)}</p>
<ul>${lines.map((o) => `<li><a href="${escapeHtml(o.link)}">${escapeHtml(text(o))}</a></li>`).join("")}</ul>`,
    ),
  };
}

/**
 * The customer's news of a refund or a cancellation (modules/orders/refunds.ts), written in the batch
 * that settles it. `amountCents` 0 is a cancellation of an order already refunded in full.
 */
export function refundEmail(
  order: { id: string; email: string; firstName: string },
  refund: { amountCents: number; reason: string; cancel: boolean },
): EmailMessage {
  const number = `#${orderNumber(order.id)}`;
  const amount = formatCents(refund.amountCents);
  const refunded = refund.amountCents > 0;
  const subject = refund.cancel
    ? `Your Tamra & Tara order ${number} has been cancelled`
    : `Refund of ${amount} for your order ${number}`;
  const news = refund.cancel
    ? refunded
      ? `We have cancelled your order ${number} and refunded ${amount} to the card you paid with.`
      : `We have cancelled your order ${number}.`
    : `We have refunded ${amount} of your order ${number} to the card you paid with.`;
  const paragraphs = [
    news,
    ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
    ...(refunded ? ["It can take 5–10 business days to appear on your statement."] : []),
  ];
  return {
    to: order.email,
    orderId: order.id,
    subject,
    text: `Hello ${order.firstName},\n\n${paragraphs.join("\n\n")}\n`,
    html: emailLayout(
      refund.cancel ? `Order ${number} cancelled` : `Refund of ${amount}`,
      `<p>Hello ${escapeHtml(order.firstName)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}`,
    ),
  };
}

/** What the owner decided about a creator (modules/creators/back-office.ts), as the creator's mail says it. */
export type CreatorDecision = "approved" | "reapproved" | "rejected" | "suspended";

/**
 * The creator's news of the owner's decision on their application or account: approval with their
 * code, share link and profile; rejection or suspension with the owner's note, if any.
 */
export function creatorDecisionEmail(
  creator: { email: string; name: string; code: string },
  decision: CreatorDecision,
  links: { shareUrl: string; profileUrl: string },
  note: string,
): EmailMessage {
  const mail = {
    approved: {
      subject: "Welcome to the Tamra & Tara creator programme",
      title: "Your application is approved",
      news: `Your creator application is approved. Your affiliate code ${creator.code} now gives your followers their discount and earns you commission.`,
    },
    reapproved: {
      subject: "Your Tamra & Tara creator code works again",
      title: "Your creator account is active again",
      news: `Your creator account is active again: your affiliate code ${creator.code} and your link work from now on.`,
    },
    rejected: {
      subject: "Your Tamra & Tara creator application",
      title: "About your creator application",
      news: "Thank you for applying to the Tamra & Tara creator programme. We are not able to approve your application at this time.",
    },
    suspended: {
      subject: "Your Tamra & Tara creator account is suspended",
      title: "Your creator account is suspended",
      news: `Your creator account is suspended: your affiliate code ${creator.code} and your link give no discount and earn no commission for now. Commission you have already earned is not affected.`,
    },
  }[decision];
  const active = decision === "approved" || decision === "reapproved";
  const paragraphs = [
    mail.news,
    ...(note ? [`A note from us: ${note}`] : []),
    ...(active ? [`Share your link: ${links.shareUrl}`] : []),
    `Your creator profile: ${links.profileUrl}`,
  ];
  const html = [
    `<p>${escapeHtml(mail.news)}</p>`,
    ...(note ? [`<p>A note from us: ${escapeHtml(note)}</p>`] : []),
    ...(active
      ? [
          `<p>Your code: <strong>${escapeHtml(creator.code)}</strong><br>Your link: <a href="${escapeHtml(links.shareUrl)}">${escapeHtml(links.shareUrl)}</a></p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(links.profileUrl)}">Open your creator profile</a></p>`,
  ];
  return {
    to: creator.email,
    subject: mail.subject,
    text: `Hello ${creator.name},\n\n${paragraphs.join("\n\n")}\n`,
    html: emailLayout(mail.title, `<p>Hello ${escapeHtml(creator.name)},</p>${html.join("")}`),
  };
}

/**
 * The creator's remittance advice when the owner marks a payout paid (modules/payouts/payouts.ts): how
 * much, where it went, how many orders it covers, and the statement (a tax invoice for creators
 * registered for GST).
 */
export function remittanceEmail(
  creator: { name: string; email: string },
  payment: { amountCents: number; paidTo: string; orders: number; statementUrl: string },
): EmailMessage {
  const amount = formatCents(payment.amountCents);
  const paragraphs = [
    `We have paid you ${amount} in creator commission, to ${payment.paidTo}. A bank transfer usually arrives within 1–2 business days.`,
    `It covers ${payment.orders} ${payment.orders === 1 ? "order" : "orders"}; your statement lists each one.`,
    `Your statement: ${payment.statementUrl}`,
  ];
  return {
    to: creator.email,
    subject: `Tamra & Tara has paid you ${amount}`,
    text: `Hello ${creator.name},\n\n${paragraphs.join("\n\n")}\n`,
    html: emailLayout(
      `Payment of ${amount}`,
      `<p>Hello ${escapeHtml(creator.name)},</p>${paragraphs
        .slice(0, 2)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join("")}<p><a href="${escapeHtml(payment.statementUrl)}">Open your statement</a></p>`,
    ),
  };
}

/**
 * The notice to a creator's account email that their payout details changed: where money goes is
 * what an account thief changes first, so the owner of the account hears of it at once: where the
 * money now goes (masked), when and from which network, and from when a payout may go there.
 */
export function payoutDetailsChangedEmail(
  creator: { name: string; email: string },
  change: { paidTo: string; at: number; network: string; usableFrom: number; profileUrl: string },
): EmailMessage {
  return accountNoticeEmail(creator, {
    subject: "Your Tamra & Tara payout details changed",
    title: "Your payout details changed",
    paragraphs: [
      `Your payout details were saved on ${formatShopMoment(change.at)} (Brisbane time), from the network ${change.network}. Your creator payouts will now go to ${change.paidTo}.`,
      `For your safety, payouts go there only from ${formatShopMoment(change.usableFrom)}; until then nothing is paid to the new details.`,
      "If you did not make this change, sign in, change your password and correct your payout details, and reply to this email so we can hold your payouts.",
    ],
    link: {
      url: change.profileUrl,
      text: "Your creator profile",
      html: "Open your creator profile",
    },
  });
}

/**
 * The notice to an admin's account email that an authenticator app was confirmed for two-step
 * sign-in (modules/identity/second-factor.ts): when, from which network (coarse), and what to do if it was not them,
 * since whoever enrolled an app knows the password and now holds the back-office's second factor.
 */
export function secondFactorEnrolledEmail(
  admin: { name: string; email: string },
  { at, network, resetUrl }: { at: number; network: string; resetUrl: string },
): EmailMessage {
  return accountNoticeEmail(admin, {
    subject: "Two-step sign-in was turned on for your Tamra & Tara back-office",
    title: "Two-step sign-in was turned on",
    paragraphs: [
      `An authenticator app was set up for two-step sign-in to the Tamra & Tara back-office on your account (${admin.email}) on ${formatShopMoment(at)} Brisbane time, from the network ${network}. From now on each sign-in to the back-office asks for a code from that app.`,
      "If this was you, there is nothing to do.",
      "If it was not you, someone knows your password: reset it now (this signs out every session), then have the app removed with the command in the README's back-office section (whoever runs the shop's Cloudflare account can) and set up your own.",
    ],
    link: { url: resetUrl, text: "Reset your password", html: "Reset your password" },
  });
}

/**
 * A notice to an account's own email about a change to it (payout details, a second factor):
 * the paragraphs, then one link, named in the text and in the HTML as given.
 */
function accountNoticeEmail(
  account: { name: string; email: string },
  notice: {
    subject: string;
    title: string;
    paragraphs: string[];
    link: { url: string; text: string; html: string };
  },
): EmailMessage {
  const { paragraphs, link } = notice;
  return {
    to: account.email,
    subject: notice.subject,
    text: `Hello ${account.name},\n\n${paragraphs.join("\n\n")}\n\n${link.text}: ${link.url}\n`,
    html: emailLayout(
      notice.title,
      `<p>Hello ${escapeHtml(account.name)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.html)}</a></p>`,
    ),
  };
}

/**
 * The customer's news that their parcel's tracking number was corrected (modules/orders/back-office.ts,
 * correctTracking): the carrier, the new number and its Track Order link, and their orders.
 */
export function trackingCorrectedEmail(
  order: { id: string; email: string; firstName: string },
  shipping: { carrier: CarrierId; trackingNumber: string; trackingUrl: string },
  ordersLink: string,
): EmailMessage {
  const number = `#${orderNumber(order.id)}`;
  const carrier = carrierName(shipping.carrier);
  const news = `The tracking number of your order ${number} has changed; please use this one.`;
  const facts = [`Carrier: ${carrier}`, `Tracking number: ${shipping.trackingNumber}`];
  return {
    to: order.email,
    orderId: order.id,
    subject: `New tracking number for your Tamra & Tara order ${number}`,
    text: `Hello ${order.firstName},\n\n${news}\n\n${facts.join("\n")}\nTrack it: ${shipping.trackingUrl}\n\nYour orders: ${ordersLink}\n`,
    html: emailLayout(
      "Your parcel's new tracking number",
      `<p>Hello ${escapeHtml(order.firstName)},</p><p>${escapeHtml(news)}</p>
<p>${facts.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(shipping.trackingUrl)}">Track your parcel with ${escapeHtml(carrier)}</a></p>
<p><a href="${escapeHtml(ordersLink)}">See your orders</a></p>`,
    ),
  };
}
