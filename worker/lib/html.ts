// Escaping for the HTML the Worker writes itself: mails, the invoice and small pages.

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML: everything a visitor typed goes through here. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);

/**
 * A form of one button that POSTs to `action` (a path on this shop, with its query): what a link
 * that changes something opens, so that a mail scanner or link preview fetching the link (GET or
 * HEAD) changes nothing, and only a person's press does.
 */
export const postButton = (action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;

/**
 * The Worker's own small page for a link opened from a mail (newsletter confirm and unsubscribe,
 * email change): the shop's name, one message, and `action` (HTML the caller built and escaped)
 * or a way back to the shop. Never cached: each answer is about one token.
 */
export function messagePage(
  title: string,
  message: string,
  status: number,
  action = `<p><a href="/">Back to the shop</a></p>`,
): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} — Tamra &amp; Tara</title></head><body><main><h1>Tamra &amp; Tara</h1><p>${escapeHtml(message)}</p>
${action}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
