import { useId, useState } from "react";
import type { FaqDto } from "../../../../worker/contracts/catalogue";
import { useFaqs } from "../use-faqs";
import "../../../components/shapes.css";
import "./faq-accordion.css";

const SKELETON_ROWS = 5;

const ChevronIcon = () => (
  <svg
    className="icon faq-chevron"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m6 9 6 6 6-6" />
  </svg>
);

/** One question; entries marked isActive start open (SPEC.md section 4). */
function FaqItem({ faq }: { faq: FaqDto }) {
  const [open, setOpen] = useState(faq.isActive);
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <li className="faq-item">
      <h3 className="faq-question">
        <button
          type="button"
          id={buttonId}
          className="faq-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
        >
          <span>{faq.title}</span>
          <ChevronIcon />
        </button>
      </h3>
      {/* No region role: with ten panels open at once that would flood the landmark list. */}
      <div id={panelId} className="faq-answer" hidden={!open}>
        {faq.content
          .split(/\n\s*\n/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
      </div>
    </li>
  );
}

export function FaqAccordion() {
  const faqs = useFaqs();
  if (faqs.status === "loading") {
    return (
      <>
        <ul className="faq-list" aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index} className="faq-item is-skeleton">
              <span className="faq-skeleton-line shimmer" />
            </li>
          ))}
        </ul>
        <p className="visually-hidden" role="status">
          Loading questions…
        </p>
      </>
    );
  }
  if (faqs.status === "failed") {
    return (
      <div className="faq-note">
        <p>Our answers could not be loaded just now. Please try again, or send us a message.</p>
        <button type="button" className="button button-ghost" onClick={faqs.reload}>
          Try again
        </button>
      </div>
    );
  }
  if (faqs.data.length === 0) {
    return <p className="faq-note">No questions here yet. Ask us anything with the form above.</p>;
  }
  return (
    <ul className="faq-list">
      {faqs.data.map((faq) => (
        <FaqItem key={faq._id} faq={faq} />
      ))}
    </ul>
  );
}
