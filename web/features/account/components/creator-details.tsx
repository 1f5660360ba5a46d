// The creator record in view mode: name, email, payout email, social links and bio.
import { Facts } from "../../../components/facts";
import type { Creator } from "../api";

/** Comma-separated socials as links; only http(s) addresses become links, the rest stay text. */
export function socialLinks(socials: string): { label: string; href: string | null }[] {
  return socials
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((label) => {
      const candidate = /^[a-z][a-z0-9+.-]*:/i.test(label) ? label : `https://${label}`;
      try {
        const url = new URL(candidate);
        const ok =
          (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
        return { label, href: ok ? url.href : null };
      } catch {
        return { label, href: null };
      }
    });
}

const EMPTY_TEXT = "Not added yet";

export function CreatorDetails({ creator }: { creator: Partial<Creator> }) {
  const links = socialLinks(creator.socials ?? "");
  return (
    <Facts
      className="account-details"
      facts={[
        { term: "Name", value: creator.name },
        { term: "Email", value: creator.email },
        { term: "Payout email", value: creator.payoutEmail || EMPTY_TEXT },
        {
          term: "Social links",
          value:
            links.length === 0 ? (
              EMPTY_TEXT
            ) : (
              <ul className="creator-socials">
                {links.map(({ label, href }) => (
                  <li key={label}>
                    {href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {label}
                      </a>
                    ) : (
                      label
                    )}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          term: "Bio",
          value: creator.bio || EMPTY_TEXT,
          className: "is-wide",
          valueClass: "creator-bio",
        },
      ]}
    />
  );
}
