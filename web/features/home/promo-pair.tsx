import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import "./promo-pair.css";

const PROMOS = [
  {
    tone: "sale",
    eyebrow: "Festive sale",
    title: "Up to 50% off",
    text: "Copper bottles, chimes and sacred décor at their kindest prices of the season.",
    cta: "Shop the sale",
    to: `${paths.collection}?sale=true`,
  },
  {
    tone: "premium",
    eyebrow: "Heirloom pieces",
    title: "Premium Collection",
    text: "Bronze idols, seven-metal bowls and hand-beaten brass from master artisans.",
    cta: "Explore premium",
    to: `${paths.collection}?premium=true`,
  },
] as const;

/** Two offers side by side; the whole card is clickable, but the link is the title alone. */
export function PromoPair() {
  return (
    <section className="section promo-section" aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="visually-hidden">
        Offers
      </h2>
      <div className="promo-grid">
        {PROMOS.map((promo) => (
          <article key={promo.tone} className={`promo-card is-${promo.tone}`}>
            <p className="eyebrow">{promo.eyebrow}</p>
            <h3 className="promo-title">
              <Link to={promo.to} className="promo-link">
                {promo.title}
              </Link>
            </h3>
            <p className="promo-text">{promo.text}</p>
            <span className="promo-cta" aria-hidden="true">
              {promo.cta}
              <ArrowRightIcon />
            </span>
          </article>
        ))}
      </div>
    </section>
  );
}
