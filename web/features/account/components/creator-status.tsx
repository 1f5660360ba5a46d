// Where a creator's application stands: pending, not approved, or paused, with the
// shop's note. Only an approved creator's code and link work, so only they are offered to share.
import type { CreatorStatus } from "../../../../worker/contracts/admin-creators";

const STATUSES: readonly CreatorStatus[] = ["pending", "approved", "rejected", "suspended"];

export interface CreatorStanding {
  status: CreatorStatus;
  note: string;
}

/**
 * The status and note from GET /api/user/creator/me. An answer without a status comes from before
 * applications were reviewed, when every creator was approved on the spot.
 */
export function readStanding(creator: object): CreatorStanding {
  const { status, statusNote } = creator as { status?: unknown; statusNote?: unknown };
  return {
    status: STATUSES.includes(status as CreatorStatus) ? (status as CreatorStatus) : "approved",
    note: typeof statusNote === "string" ? statusNote.trim() : "",
  };
}

export const STANDING_COPY: Record<
  Exclude<CreatorStatus, "approved">,
  { title: string; text: string }
> = {
  pending: {
    title: "Application under review",
    text: "Your application is being reviewed. We review applications within a week. Your code and share link start working once you're approved.",
  },
  rejected: {
    title: "Application not approved",
    text: "Your application to the creator programme was not approved, so your code and share link don't work.",
  },
  suspended: {
    title: "Creator account paused",
    text: "Your creator account is paused: your code and share link don't work for now, and new orders don't earn commission. Commissions you've already earned stay payable.",
  },
};

/** Nothing for an approved creator; otherwise what their status means, and the shop's note. */
export function CreatorStatusPanel({ standing }: { standing: CreatorStanding }) {
  if (standing.status === "approved") return null;
  const { title, text } = STANDING_COPY[standing.status];
  return (
    <section
      className={`creator-standing is-${standing.status}`}
      aria-labelledby="creator-standing-title"
    >
      <h2 id="creator-standing-title" className="creator-standing-title">
        {title}
      </h2>
      <p>{text}</p>
      {standing.note ? (
        <div className="creator-standing-note">
          <p className="creator-standing-label">Note from the shop</p>
          <p className="creator-standing-text">{standing.note}</p>
        </div>
      ) : null}
    </section>
  );
}
