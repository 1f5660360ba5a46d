// The creator's side panel (SPEC.md section 2): affiliate code and share link with Copy, the
// Clicks, Sales and Earnings tiles (0 until the server says otherwise), the conversion rate and
// earnings by commission state. Until the creator is approved (or while they are paused) the code
// does not work, so neither it nor the link is offered to copy.
import { toast } from "react-toastify";
import { formatDollars } from "../../../../worker/contracts/money";
import { formatConversion } from "../../creator-stats/creator-stats";
import type { CreatorStats } from "../api";
import { ACCOUNT_MESSAGES } from "../messages";

/** The public link that counts a click for this code, for answers that do not send shareUrl. */
export const shareLink = (code: string) =>
  `${window.location.origin}/r/${encodeURIComponent(code)}`;

/** Both Copy buttons: the clipboard, then a toast either way (no clipboard outside https). */
async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

interface CreatorPanelProps {
  code: string;
  /** The server's absolute share link; empty in older answers. */
  shareUrl: string;
  stats: CreatorStats;
  /** The code and link work (an approved creator); otherwise what is said instead of them. */
  inactive?: string;
}

export function CreatorPanel({ code, shareUrl, stats, inactive }: CreatorPanelProps) {
  const link = shareUrl || (code ? shareLink(code) : "");
  return (
    <aside className="creator-panel" aria-labelledby="creator-panel-title">
      <h2 id="creator-panel-title" className="creator-panel-title">
        Your affiliate code
      </h2>
      {inactive ? (
        <>
          <div className="creator-copy-row is-inactive">
            <code className="creator-code">{code || "Pending"}</code>
          </div>
          <p className="creator-inactive">{inactive}</p>
        </>
      ) : (
        <>
          <div className="creator-copy-row">
            <code className="creator-code">{code || "Pending"}</code>
            <button
              type="button"
              className="button button-primary"
              disabled={!code}
              onClick={() =>
                copy(code, ACCOUNT_MESSAGES.codeCopied, ACCOUNT_MESSAGES.codeCopyFailed)
              }
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
              onClick={() =>
                copy(link, ACCOUNT_MESSAGES.linkCopied, ACCOUNT_MESSAGES.linkCopyFailed)
              }
            >
              Copy<span className="visually-hidden"> share link</span>
            </button>
          </div>
        </>
      )}
      <dl className="creator-tiles">
        <div>
          <dt>Clicks</dt>
          <dd>{stats.clicks.toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Sales</dt>
          <dd>{stats.sales.toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Earnings</dt>
          <dd>{formatDollars(stats.earnings)}</dd>
        </div>
      </dl>
      <p className="creator-conversion">
        Conversion <strong>{formatConversion(stats)}</strong>
      </p>
    </aside>
  );
}
