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
