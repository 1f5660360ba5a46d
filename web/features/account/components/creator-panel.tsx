// The creator's side panel (SPEC.md section 2): affiliate code and share link with Copy, and the
// Clicks, Sales and Earnings tiles (0 until the server says otherwise).
import { toast } from "react-toastify";
import { formatPrice } from "../../../lib/money";
import type { CreatorStats } from "../api";
import { ACCOUNT_MESSAGES } from "../messages";

/** The public link that counts a click for this code. */
export const shareLink = (code: string) =>
  `${window.location.origin}/r/${encodeURIComponent(code)}`;

async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(ACCOUNT_MESSAGES.copyFailed);
  }
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function CreatorPanel({ code, stats }: { code: string; stats?: Partial<CreatorStats> }) {
  const link = code ? shareLink(code) : "";
  return (
    <aside className="creator-panel" aria-labelledby="creator-panel-title">
      <h2 id="creator-panel-title" className="creator-panel-title">
        Your affiliate code
      </h2>
      <div className="creator-copy-row">
        <code className="creator-code">{code || "Pending"}</code>
        <button
          type="button"
          className="button button-primary"
          disabled={!code}
          onClick={() => copy(code, ACCOUNT_MESSAGES.codeCopied)}
        >
          Copy<span className="visually-hidden"> affiliate code</span>
        </button>
      </div>
      <p className="creator-panel-label">Share link</p>
      <div className="creator-copy-row">
        <span className="creator-link">{link || "Available once your code is issued"}</span>
        <button
          type="button"
          className="button button-ghost"
          disabled={!link}
          onClick={() => copy(link, ACCOUNT_MESSAGES.linkCopied)}
        >
          Copy<span className="visually-hidden"> share link</span>
        </button>
      </div>
      <dl className="creator-tiles">
        <div>
          <dt>Clicks</dt>
          <dd>{count(stats?.clicks).toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Sales</dt>
          <dd>{count(stats?.sales).toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Earnings</dt>
          <dd>{formatPrice(count(stats?.earnings))}</dd>
        </div>
      </dl>
    </aside>
  );
}
