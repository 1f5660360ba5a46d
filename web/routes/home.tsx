// The home screen (SPEC.md section 2), top to bottom in the SPEC's order.

import type { LinksFunction, MetaFunction } from "react-router";
import { PRODUCT_HIGHLIGHTS_PATH } from "../features/catalogue/api";
import { CategoryTiles } from "../features/home/category-tiles";
import { Hero } from "../features/home/hero";
import { Policies } from "../features/home/policies";
import { BestSellers, LatestCollections } from "../features/home/product-showcase";
import { PromoPair } from "../features/home/promo-pair";
import { Reviews } from "../features/home/reviews";
import { TextBanner } from "../features/home/text-banner";
import { NewsletterSignup } from "../features/newsletter/newsletter-signup";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import "./home.css";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({ path: location.pathname, origin: shopOrigin(matches) });

/**
 * The home lists' answer is asked for as the page arrives, in parallel with its scripts: the
 * lists load in the browser (the hero is the page's largest paint, in the HTML).
 */
export const links: LinksFunction = () => [
  { rel: "preload", as: "fetch", crossOrigin: "use-credentials", href: PRODUCT_HIGHLIGHTS_PATH },
];

export function HomePage() {
  return (
    <div className="home">
      <Hero />
      <TextBanner />
      <CategoryTiles />
      <PromoPair />
      <LatestCollections />
      <BestSellers />
      <Reviews />
      <Policies />
      <NewsletterSignup />
    </div>
  );
}

export default HomePage;
