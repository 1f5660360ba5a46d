import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../components/icons";
import { ProductCard, ProductCardSkeleton } from "../features/catalogue/components/product-card";
import { useProducts } from "../features/catalogue/use-catalogue";
import { SHOP_NAME, usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";
import "./home.css";

/** SPEC.md section 9: home lists show 10 items. */
const HOME_LIST_SIZE = 10;

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <img
        className="hero-media"
        src="/media/hero-1-poster.webp"
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
      />
      <div className="hero-content">
        <p className="eyebrow">Handcrafted in India · Sent from Brisbane</p>
        <h1 id="hero-heading" className="hero-title">
          Take home luck, prosperity, and health
          <span className="hero-shop-name">{SHOP_NAME}</span>
        </h1>
        <Link to={paths.collection} className="button button-primary button-large">
          Shop Now
          <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}

function LatestGrid() {
  const { data, loading, error } = useProducts();
  if (loading) {
    return (
      <div className="product-grid" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <p className="section-note">Our shelves could not be reached just now. Please try again.</p>
    );
  }
  const products = (data ?? []).slice(0, HOME_LIST_SIZE);
  if (products.length === 0) {
    return <p className="section-note">New pieces are on their way. Check back soon.</p>;
  }
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

function LatestCollections() {
  return (
    <section className="section" aria-labelledby="latest-heading">
      <header className="section-header">
        <p className="eyebrow">Just arrived</p>
        <h2 id="latest-heading" className="section-title">
          Latest collections
        </h2>
      </header>
      <LatestGrid />
      <p className="section-more">
        <Link to={paths.collection} className="text-link">
          View the whole collection
          <ArrowRightIcon />
        </Link>
      </p>
    </section>
  );
}

export function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <LatestCollections />
    </>
  );
}
