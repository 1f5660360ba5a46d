// One creator: who they are and how they did, what they wrote, their terms (commission rate and
// discount, changed in place), and the moves CREATOR_STATUS_MOVES allows from their status, each
// asked in a dialog with an optional note mailed to them.
import { useId, useRef, useState } from "react";
import { toast } from "react-toastify";
import {
  type AdminCreatorDto,
  CREATOR_STATUS_MOVES,
  type CreatorStatus,
  CreatorUpdateSchema,
  MAX_CREATOR_NOTE_LENGTH,
} from "../../../worker/contracts/admin-creators";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopDay } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { DollarsField, FormActions, TextField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { DecisionButton, NoteDialog } from "../components/note-dialog";
import { StatusPill, type StatusWords } from "../components/pill";
import { reportAdminFailure } from "../lib/admin-api";
import { typedDollars } from "../products/product-values";
import { updateCreator } from "./api";

export const CREATOR_STATUS_WORDS: Record<CreatorStatus, StatusWords> = {
  pending: { label: "Pending", tone: "new" },
  approved: { label: "Approved", tone: "ok" },
  suspended: { label: "Suspended", tone: "warn" },
  rejected: { label: "Rejected", tone: "muted" },
};

/** "10%", "7.5%": the rate as the owner typed it. */
const formatPercent = (percent: number) =>
  `${percent.toLocaleString("en-AU", { maximumFractionDigits: 2 })}%`;

const nameOf = (creator: AdminCreatorDto) => creator.name || creator.email;

interface CreatorCardProps {
  creator: AdminCreatorDto;
  onSaved: (creator: AdminCreatorDto) => void;
  /** Someone else moved them first (409): the list is asked again. */
  onStale: () => void;
}

export function CreatorCard({ creator, onSaved, onStale }: CreatorCardProps) {
  const titleId = useId();
  const [move, setMove] = useState<CreatorStatus | null>(null);
  const name = nameOf(creator);
  return (
    <article className="creators-card" aria-labelledby={titleId}>
      <header className="creators-card-head">
        <div className="creators-card-who">
          <h2 id={titleId} className="creators-name">
            {name}
          </h2>
          <StatusPill status={creator.status} words={CREATOR_STATUS_WORDS} />
        </div>
        <p className="creators-card-contact">
          <a href={`mailto:${creator.email}`} className="admin-break">
            {creator.email}
          </a>
          <span className="admin-code" title="Affiliate code">
            <span className="visually-hidden">Code </span>
            {creator.affiliateCode}
          </span>
        </p>
      </header>

      <Facts
        className="creators-facts caps-terms"
        facts={[
          {
            term: "Applied",
            value: <time dateTime={creator.appliedAt}>{formatShopDay(creator.appliedAt)}</time>,
          },
          creator.status !== "pending" && {
            term: CREATOR_STATUS_WORDS[creator.status].label,
            value: (
              <time dateTime={creator.statusChangedAt}>
                {formatShopDay(creator.statusChangedAt)}
              </time>
            ),
          },
          { term: "Orders", value: creator.orders.toLocaleString("en-AU") },
          { term: "Earned", value: formatDollars(creator.earned) },
        ]}
      />

      <div className="creators-about">
        <Written title="Bio" text={creator.bio} />
        <Written title="Socials" text={creator.socials} />
        {creator.statusNote ? (
          <Written title="Note with the last decision" text={creator.statusNote} note />
        ) : null}
      </div>

      <CreatorTerms creator={creator} onSaved={onSaved} />

      <div className="creators-moves">
        {CREATOR_STATUS_MOVES[creator.status].map((to) => (
          <DecisionButton
            key={to}
            label={moveLabel(creator.status, to)}
            about={name}
            danger={MOVE_COPY[to].danger}
            onClick={() => setMove(to)}
          />
        ))}
      </div>
      {move ? (
        <NoteDialog
          title={`${moveLabel(creator.status, move)} ${name}?`}
          confirmLabel={moveLabel(creator.status, move)}
          danger={MOVE_COPY[move].danger}
          schema={formSchema(
            (values) => ({ status: move, ...(values.note?.trim() ? { note: values.note } : {}) }),
            CreatorUpdateSchema,
          )}
          note={{
            label: "Note to the creator",
            hint: "Shown in the email and on their creator profile.",
            maxLength: MAX_CREATOR_NOTE_LENGTH,
          }}
          failed="The creator’s status could not be changed."
          onConflict={onStale}
          send={async (input) => {
            onSaved(await updateCreator(creator._id, input));
            toast.success(`${name} ${MOVE_COPY[move].done}`);
            setMove(null);
          }}
          onClose={() => setMove(null)}
        >
          <p>{MOVE_COPY[move].what(creator.affiliateCode)}</p>
          <p className="admin-muted">We email them the decision, with your note if you add one.</p>
        </NoteDialog>
      ) : null}
    </article>
  );
}

/** What the creator wrote, as they wrote it: text, never markup. */
function Written({ title, text, note = false }: { title: string; text: string; note?: boolean }) {
  return (
    <div className={note ? "creators-note" : undefined}>
      <h3 className="creators-label caps-label">{title}</h3>
      {text ? <p className="creators-text">{text}</p> : <p className="admin-muted">Not given</p>}
    </div>
  );
}

/** A suspended creator is approved again; anyone else is approved for the first time. */
const moveLabel = (from: CreatorStatus, to: CreatorStatus): string =>
  to === "approved" ? (from === "suspended" ? "Re-approve" : "Approve") : MOVE_COPY[to].label;

const MOVE_COPY: Record<
  CreatorStatus,
  { label: string; danger: boolean; what: (code: string) => string; done: string }
> = {
  approved: {
    label: "Approve",
    danger: false,
    what: (code) =>
      `Their code ${code} and share link work from now on, and orders through them earn commission at their terms.`,
    done: "approved",
  },
  rejected: {
    label: "Reject",
    danger: true,
    what: (code) => `Their code ${code} and share link will not work.`,
    done: "rejected",
  },
  suspended: {
    label: "Suspend",
    danger: true,
    what: (code) =>
      `Their code ${code} and share link stop working at once: new orders earn nothing. Commissions already earned stay payable.`,
    done: "suspended",
  },
  pending: {
    label: "Mark pending",
    danger: false,
    what: (code) =>
      `They wait for a decision again; their code ${code} and share link do not work.`,
    done: "marked pending",
  },
};

/** A rate as typed: "7.5" or "7.5%" is 7.5. Anything else is NaN, which the contract refuses. */
function typedPercent(text: string): number {
  const plain = text.trim().replace(/\s*%$/, "");
  return plain === "" ? Number.NaN : Number(plain);
}

/** The terms form's body for POST /api/admin/creators/:id, judged by the endpoint's schema. */
const TermsForm = formSchema(
  (values) => ({
    commissionRate: typedPercent(values.commissionRate ?? ""),
    discount: typedDollars(values.discount ?? ""),
  }),
  CreatorUpdateSchema,
);

/**
 * The contract checks the rate with its dollar rule (two decimals, not negative), so its words
 * say dollars; the screen says percent.
 */
const rateWords = (message: string | undefined) =>
  message?.replace("a number of dollars", "a number").replace(/\bdollars\b/g, "percent");

const termsValues = (creator: AdminCreatorDto) => ({
  commissionRate: String(creator.commissionRate),
  discount: creator.discount.toFixed(2),
});

function CreatorTerms({
  creator,
  onSaved,
}: {
  creator: AdminCreatorDto;
  onSaved: (creator: AdminCreatorDto) => void;
}) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const form = useForm(termsValues(creator), TermsForm);
  const name = nameOf(creator);

  const open = (next: boolean) => {
    form.reset(termsValues(creator));
    setEditing(next);
    requestAnimationFrame(() =>
      next ? form.focusField("commissionRate") : change.current?.focus(),
    );
  };

  const onSubmit = form.submit(async (input) => {
    try {
      onSaved(await updateCreator(creator._id, input));
      toast.success(`${name}’s terms saved: they apply to orders from now on`);
      setEditing(false);
      requestAnimationFrame(() => change.current?.focus());
    } catch (error) {
      if (!form.showServerErrors(error)) {
        reportAdminFailure(error, "The creator’s terms could not be saved.");
      }
    }
  });

  const rate = form.field("commissionRate");
  return (
    <section className="creators-terms" aria-labelledby={titleId}>
      <h3 id={titleId} className="creators-label caps-label">
        Terms
      </h3>
      {editing ? (
        <form
          ref={form.formRef}
          className="form"
          aria-label={`Terms for ${name}`}
          noValidate
          onSubmit={onSubmit}
        >
          <div className="creators-terms-fields">
            <TextField
              label="Commission rate (%)"
              inputMode="decimal"
              autoComplete="off"
              {...rate}
              error={rateWords(rate.error)}
              hint="Of each order through them, up to two decimals."
            />
            <DollarsField
              label="Discount"
              {...form.field("discount")}
              hint="Off an order that uses their code or link."
            />
          </div>
          <p className="field-hint">New terms apply to orders from now on.</p>
          <FormActions
            small
            sending={form.sending}
            sendingLabel="Saving…"
            onCancel={() => open(false)}
          >
            Save terms
          </FormActions>
        </form>
      ) : (
        <div className="creators-terms-view">
          <Facts
            className="creators-facts caps-terms"
            facts={[
              { term: "Commission", value: formatPercent(creator.commissionRate) },
              { term: "Discount", value: `${formatDollars(creator.discount)} off` },
            ]}
          />
          <button
            ref={change}
            type="button"
            className="admin-link-button"
            onClick={() => open(true)}
          >
            Change terms<span className="visually-hidden"> for {name}</span>
          </button>
        </div>
      )}
    </section>
  );
}
