import { AboutUs } from "../features/contact/components/about-us";
import { ContactDetails } from "../features/contact/components/contact-details";
import { ContactForm } from "../features/contact/components/contact-form";
import { FaqAccordion } from "../features/contact/components/faq-accordion";
import "./contact.css";
import type { MetaFunction } from "react-router";
import { pageMeta, shopOrigin } from "../lib/page-meta";

const CONTACT_DESCRIPTION =
  "Who we are, how to reach us and answers to common questions: Tamra & Tara brings handcrafted " +
  "copper, brass and décor from Indian artisans to Australia, shipped from Brisbane.";

const HERO_FACTS = [
  { title: "Moradabad · Jaipur · Varanasi", detail: "Artisan workshops we buy from directly" },
  { title: "30-day satisfaction guarantee", detail: "A full refund or an exchange, your choice" },
  { title: "Shipped from Brisbane", detail: "Anywhere in Australia in 3-7 business days" },
  { title: "Replies within 1-2 business days", detail: "From a real person, every time" },
] as const;

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "About & Contact",
    description: CONTACT_DESCRIPTION,
    path: location.pathname,
    origin: shopOrigin(matches),
  });

export function ContactPage() {
  return (
    <div className="contact-page">
      <header className="contact-hero">
        <div className="contact-hero-copy">
          <p className="eyebrow">About · Contact · FAQ</p>
          <h1 className="contact-hero-title">Handcrafted in India, sent with care from Brisbane</h1>
          <p className="contact-hero-text">
            We are a small Brisbane shop working with artisan families in Moradabad, Jaipur and
            Varanasi, bringing their copper, brass and handmade décor to homes across Australia.
          </p>
          <a href="#get-in-touch" className="button button-primary">
            Send us a message
          </a>
        </div>
        <ul className="contact-hero-facts" aria-label="At a glance">
          {HERO_FACTS.map(({ title, detail }) => (
            <li key={title}>
              <strong>{title}</strong>
              <span>{detail}</span>
            </li>
          ))}
        </ul>
      </header>

      <div className="section about-section">
        <AboutUs />
      </div>

      <section
        id="get-in-touch"
        className="section contact-section"
        aria-labelledby="get-in-touch-heading"
      >
        <header className="section-header">
          <p className="eyebrow">We&rsquo;d love to hear from you</p>
          <h2 id="get-in-touch-heading" className="section-title">
            Get in touch
          </h2>
        </header>
        <div className="contact-grid">
          <ContactDetails />
          <ContactForm />
        </div>
      </section>

      <section className="section faq-section" aria-labelledby="faq-heading">
        <header className="section-header">
          <p className="eyebrow">Good to know</p>
          <h2 id="faq-heading" className="section-title">
            Frequently asked questions
          </h2>
        </header>
        <FaqAccordion />
      </section>
    </div>
  );
}

export default ContactPage;
