import { Link } from "react-router-dom";
import { paths } from "../../lib/paths";
import { useCategories } from "../catalogue/use-catalogue";
import "../../components/shapes.css";
import "./category-tiles.css";

/** Category artwork is square. */
export const CATEGORY_IMAGE_SIZE = 600;
/** The seeded shop has eight categories; the placeholder reserves as many, two full rows. */
const PLACEHOLDER_TILES = 8;

function TilesPlaceholder() {
  return (
    <ul className="category-grid grid-list" aria-busy="true">
      {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className="category-tile is-skeleton" aria-hidden="true">
          <span className="category-tile-media" />
          <span className="skeleton-line" />
        </li>
      ))}
    </ul>
  );
}

function Tiles() {
  const { data, loading, error } = useCategories();
  if (loading) return <TilesPlaceholder />;
  if (error) {
    return <p className="section-note">Our categories could not be reached just now.</p>;
  }
  const categories = data ?? [];
  if (categories.length === 0) {
    return (
      <p className="section-note">Browse the whole collection while we arrange the shelves.</p>
    );
  }
  return (
    <ul className="category-grid grid-list">
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={paths.collectionCategory(category.name)} className="category-tile">
            <span className="category-tile-media">
              {category.image ? (
                <img
                  src={category.image}
                  alt=""
                  width={CATEGORY_IMAGE_SIZE}
                  height={CATEGORY_IMAGE_SIZE}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
            </span>
            <h3 className="category-tile-name">{category.name}</h3>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CategoryTiles() {
  return (
    <section className="section" aria-labelledby="categories-heading">
      <header className="section-header">
        <p className="eyebrow">Find your ritual</p>
        <h2 id="categories-heading" className="section-title">
          Shop by category
        </h2>
      </header>
      <Tiles />
    </section>
  );
}
