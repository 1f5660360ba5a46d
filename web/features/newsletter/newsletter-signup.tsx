import { type FormEvent, useId, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import { NEWSLETTER_MESSAGES, NewsletterSchema } from "../../../worker/contracts/newsletter";
import { type SubscribeResult, subscribeToNewsletter } from "./api";
import "./newsletter.css";

/**
 * Email sign-up, validated with the Worker's own schema. Every outcome is toasted (SPEC.md
 * section 8) and also written under the field, because the shop's toasts close after a second;
 * when the Worker says a confirmation mail is on its way, the field says to look for it.
 * One field and no field list, so it reads the schema itself rather than through lib/use-form.ts
 * (which would add 0.8 kB to the home page).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<SubscribeResult | null>(null);
  const inputId = useId();
  const feedbackId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = v.safeParse(NewsletterSchema, { email });
    let result: SubscribeResult = { ok: false, message: parsed.issues?.[0].message ?? "" };
    if (parsed.success) {
      setSending(true);
      result = await subscribeToNewsletter(parsed.output.email);
      setSending(false);
    }
    setFeedback(result);
    if (result.ok) {
      toast.success(result.message);
      setEmail("");
    } else {
      toast.error(result.message);
    }
  }

  const invalid = feedback !== null && !feedback.ok;
  return (
    // The field is validated here and by the Worker, with the SPEC's wording, not the browser's.
    <form className="newsletter-form" noValidate onSubmit={handleSubmit} aria-busy={sending}>
      <label htmlFor={inputId} className="newsletter-label">
        Email address
      </label>
      <div className="newsletter-row">
        <input
          id={inputId}
          className="newsletter-input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (invalid) setFeedback(null);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={feedback ? feedbackId : undefined}
        />
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p
        id={feedbackId}
        className={feedback?.ok ? "newsletter-feedback is-success" : "newsletter-feedback"}
      >
        {feedback?.pending ? NEWSLETTER_MESSAGES.checkInbox : feedback?.message}
      </p>
    </form>
  );
}

export function NewsletterSignup() {
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter-inner">
        <div className="newsletter-copy">
          <p className="eyebrow">The Tamra &amp; Tara circle</p>
          <h2 id="newsletter-heading" className="newsletter-title">
            Blessings in your inbox
          </h2>
          <p>New arrivals, copper-care tips and festival offers — never more than twice a month.</p>
        </div>
        <NewsletterForm />
      </div>
    </section>
  );
}
