// The creator's side panel (SPEC.md section 2): affiliate code and share link with Copy, the
// Clicks, Sales and Earnings tiles (0 until the server says otherwise), the conversion rate and
// earnings by commission state. Until the creator is approved (or while they are paused) the code
// does not work, so neither it nor the link is offered to copy.
import type { ReactNode } from "react";
import { toast } from "react-toastify";
import { formatDollars } from "../../../../worker/contracts/money";
import { Facts } from "../../../components/facts";
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

/** What is copied, shown beside its Copy button (disabled while there is nothing to copy). */
function CopyRow(props: {
  shown: ReactNode;
  text: string;
  what: string;
  primary?: boolean;
  messages: [done: string, failed: string];
}) {
  return (
    <div className="creator-copy-row">
      {props.shown}
      <button
        type="button"
        className={`button ${props.primary ? "button-primary" : "button-ghost"}`}
        disabled={!props.text}
        onClick={() => copy(props.text, ...props.messages)}
      >
        Copy<span className="visually-hidden"> {props.what}</span>
      </button>
    </div>
  );
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
          <CopyRow
            shown={<code className="creator-code">{code || "Pending"}</code>}
            text={code}
            what="affiliate code"
            primary
            messages={[ACCOUNT_MESSAGES.codeCopied, ACCOUNT_MESSAGES.codeCopyFailed]}
          />
          <p className="creator-panel-label">Share link</p>
          <CopyRow
            shown={
              <span className="creator-link">{link || "Available once your code is issued"}</span>
            }
            text={link}
            what="share link"
            messages={[ACCOUNT_MESSAGES.linkCopied, ACCOUNT_MESSAGES.linkCopyFailed]}
          />
        </>
      )}
      <Facts
        className="creator-tiles"
        facts={[
          { term: "Clicks", value: stats.clicks.toLocaleString("en-AU") },
          { term: "Sales", value: stats.sales.toLocaleString("en-AU") },
          { term: "Earnings", value: formatDollars(stats.earnings) },
        ]}
      />
      <p className="creator-conversion">
        Conversion <strong>{formatConversion(stats)}</strong>
      </p>
    </aside>
  );
}
