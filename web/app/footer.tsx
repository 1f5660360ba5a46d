import { type ReactNode, useSyncExternalStore } from "react";
import { Link } from "react-router-dom";
import { FacebookIcon, InstagramIcon, LotusMark, TikTokIcon } from "../components/icons";
import { useCategories } from "../features/catalogue/use-catalogue";
import { SHOP_NAME } from "../lib/page-title";
import { paths } from "../lib/paths";
import "./footer.css";

const SOCIAL_LINKS = [
  { label: "TikTok", href: "https://www.tiktok.com/@tamraandtara", Icon: TikTokIcon },
  { label: "Facebook", href: "https://www.facebook.com/tamraandtara", Icon: FacebookIcon },
  { label: "Instagram", href: "https://www.instagram.com/tamraandtara", Icon: InstagramIcon },
] as const;

const QUICK_LINKS = [
  { to: paths.home, label: "HOME" },
  { to: paths.collection, label: "COLLECTION" },
  { to: paths.blog, label: "BLOG" },
  { to: paths.contact, label: "CONTACT" },
] as const;

const FOOTER_CATEGORY_COUNT = 4;

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="footer-column" aria-label={title}>
      <h2 className="footer-heading">{title}</h2>
      {children}
    </section>
  );
}

function CategoryLinks() {
  const { data, loading } = useCategories();
  if (loading) return <p className="footer-muted">Loading…</p>;
  const categories = (data ?? []).slice(0, FOOTER_CATEGORY_COUNT);
  if (categories.length === 0) return <p className="footer-muted">Browse the full collection.</p>;
  return (
    <ul className="footer-list">
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={paths.collectionCategory(category.name)}>{category.name}</Link>
        </li>
      ))}
    </ul>
  );
}

const subscribeNever = () => () => {};
const currentYear = () => new Date().getFullYear();

/** The Worker's HTML leaves the year to the browser, whose clock (and new year) it cannot know. */
const useCurrentYear = (): number | null =>
  useSyncExternalStore(subscribeNever, currentYear, () => null);

/** Its own component, so filling in the year re-renders this line, not the whole footer. */
function Copyright() {
  const year = useCurrentYear();
  return (
    <p className="footer-copyright">
      {`© ${year === null ? "" : `${year} `}${SHOP_NAME}. All rights reserved.`}
    </p>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-brand" aria-label={`About ${SHOP_NAME}`}>
          <Link to={paths.home} className="brand">
            <LotusMark />
            <span className="brand-name">{SHOP_NAME}</span>
          </Link>
          <p>
            We offer authentic spiritual products and gifts to support your spiritual journey —
            copper vessels, chimes and handcrafted décor from Indian artisans, sent from Brisbane.
          </p>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${SHOP_NAME} on ${label} (opens in a new tab)`}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <FooterColumn title="Quick Links">
          <ul className="footer-list">
            {QUICK_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>

        <FooterColumn title="Products">
          <CategoryLinks />
        </FooterColumn>

        <FooterColumn title="Contact Us">
          <ul className="footer-list">
            <li>
              <address>Brisbane, Queensland</address>
            </li>
            <li>
              <Link to={paths.contact}>Send us a message</Link>
            </li>
            <li>Mon–Fri 10am–5pm AEST</li>
          </ul>
        </FooterColumn>
      </div>
      <Copyright />
    </footer>
  );
}
