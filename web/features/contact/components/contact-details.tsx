import { Facts } from "../../../components/facts";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "../../../components/icons";
import "./contact-details.css";

export const CONTACT_EMAIL = "hello@tamraandtara.com.au";
// ACMA's range reserved for fiction (07 5550 xxxx): a placeholder until the shop's line is set.
export const CONTACT_PHONE = { display: "(07) 5550 1234", href: "tel:+61755501234" };
/** This page's reading of the hours (SPEC.md section 9); the footer keeps its own. */
export const BUSINESS_HOURS = ["Mon-Fri 9AM-6PM AEST", "Sat-Sun 10AM-4PM AEST"] as const;

const SOCIAL_LINKS = [
  {
    label: "TikTok",
    handle: "@tamraandtara",
    href: "https://www.tiktok.com/@tamraandtara",
    Icon: TikTokIcon,
  },
  {
    label: "Facebook",
    handle: "tamraandtara",
    href: "https://www.facebook.com/tamraandtara",
    Icon: FacebookIcon,
  },
  {
    label: "Instagram",
    handle: "@tamraandtara",
    href: "https://www.instagram.com/tamraandtara",
    Icon: InstagramIcon,
  },
] as const;

export function ContactDetails() {
  return (
    <div className="contact-details">
      <section aria-labelledby="contact-details-heading">
        <h3 id="contact-details-heading" className="contact-card-heading">
          Contact details
        </h3>
        <Facts
          className="detail-list"
          facts={[
            { term: "Address", value: <address>Brisbane, Queensland, Australia</address> },
            { term: "Email", value: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> },
            { term: "Phone", value: <a href={CONTACT_PHONE.href}>{CONTACT_PHONE.display}</a> },
          ]}
        />
      </section>
      <section aria-labelledby="business-hours-heading">
        <h3 id="business-hours-heading" className="contact-card-heading">
          Business hours
        </h3>
        <ul className="hours-list">
          {BUSINESS_HOURS.map((hours) => (
            <li key={hours}>{hours}</li>
          ))}
        </ul>
        <p className="reply-note">We reply to every enquiry within 1-2 business days.</p>
      </section>
      <section aria-labelledby="follow-us-heading">
        <h3 id="follow-us-heading" className="contact-card-heading">
          Follow along
        </h3>
        <ul className="contact-socials">
          {SOCIAL_LINKS.map(({ label, handle, href, Icon }) => (
            <li key={label}>
              <a href={href} target="_blank" rel="noopener noreferrer">
                <Icon />
                <span>
                  <span className="social-name">{label}</span>{" "}
                  <span className="social-handle">{handle}</span>
                </span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
