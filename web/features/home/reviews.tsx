import { StarIcon } from "./home-icons";
import "../../components/shapes.css";
import "./reviews.css";

export const REVIEW_STARS = 5;

export const REVIEWS = [
  {
    name: "Priya R.",
    place: "Toowong, QLD",
    product: "Hammered Copper Water Bottle 950 ml",
    quote:
      "My morning glass from this bottle has become a little ritual. The hammering is beautiful, " +
      "it doesn't leak in my gym bag, and it arrived well packed within the week.",
  },
  {
    name: "Sarah M.",
    place: "Fremantle, WA",
    product: "Seven Chakra Brass Wind Chime",
    quote:
      "The tone is so warm and it lingers for ages. It hangs by the back door and sings every " +
      "time the Fremantle Doctor blows in. The neighbours keep asking where it's from.",
  },
  {
    name: "Daniel K.",
    place: "Geelong, VIC",
    product: "Tibetan Seven-Metal Singing Bowl with Cushion",
    quote:
      "Bought it for my partner's birthday and now we both use it before bed. A rich, long " +
      "resonance, lovely packaging and a handwritten thank-you note from the team.",
  },
] as const;

function Stars() {
  return (
    <p className="review-stars">
      <span className="visually-hidden">{`${REVIEW_STARS} out of ${REVIEW_STARS} stars`}</span>
      {Array.from({ length: REVIEW_STARS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars.
        <StarIcon key={index} />
      ))}
    </p>
  );
}

export function Reviews() {
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <div className="section">
        <header className="section-header">
          <p className="eyebrow">From homes across Australia</p>
          <h2 id="reviews-heading" className="section-title">
            What our customers say
          </h2>
        </header>
        <ul className="review-grid grid-list">
          {REVIEWS.map((review) => (
            <li key={review.name}>
              <figure className="review-card">
                <Stars />
                <blockquote className="review-quote">
                  <p>{review.quote}</p>
                </blockquote>
                <figcaption className="review-author">
                  <span className="review-name">{review.name}</span>
                  <span className="review-meta">
                    {review.place} · bought the {review.product}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
