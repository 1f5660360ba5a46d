import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../../../components/icons";
import { paths } from "../../../lib/paths";
import "./blog-aside.css";

// Themes rather than catalogue categories, so each opens the whole collection.
const POPULAR_CATEGORIES = [
  { name: "Copper Wellness", note: "Bottles, tumblers and jugs for tamra jal" },
  { name: "Energy Flow", note: "Wind chimes, bells and singing bowls" },
  { name: "Sacred Decor", note: "Wall hangings, idols and torans" },
  { name: "Rituals", note: "Diyas, thalis and puja essentials" },
] as const;

export function BlogAside() {
  return (
    <aside className="blog-aside" aria-label="More from Tamra & Tara">
      <section className="aside-card" aria-labelledby="popular-categories-heading">
        <h2 id="popular-categories-heading" className="aside-heading">
          Popular Categories
        </h2>
        <ul className="category-list">
          {POPULAR_CATEGORIES.map(({ name, note }) => (
            <li key={name}>
              <Link to={paths.collection} className="category-link">
                <span className="category-name">{name}</span>
                <span className="category-note">{note}</span>
                <ArrowRightIcon />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="aside-card creator-card" aria-labelledby="creator-heading">
        <p className="creator-eyebrow">Creators</p>
        <h2 id="creator-heading" className="aside-heading">
          Share the rituals you love
        </h2>
        <p>
          Join our affiliate programme: your own code, a saving for your audience and commission on
          every sale it brings.
        </p>
        <Link to={paths.creatorSignup} className="button button-primary">
          Become a Creator
        </Link>
      </section>
    </aside>
  );
}
