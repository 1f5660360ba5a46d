// The home screen (SPEC.md section 2), top to bottom in the SPEC's order.
import { lazy, Suspense } from "react";
import type { LinksFunction, MetaFunction } from "react-router";
import { PRODUCT_HIGHLIGHTS_PATH } from "../features/catalogue/api";
import { CategoryTiles } from "../features/home/category-tiles";
import { Hero } from "../features/home/hero";
import { Policies } from "../features/home/policies";
import { PromoPair } from "../features/home/promo-pair";
import { Reviews } from "../features/home/reviews";
import { TextBanner } from "../features/home/text-banner";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import "./home.css";
// Their stylesheets, linked from the first HTML, for the sections whose code comes later (below).
import "../features/catalogue/components/product-carousel.css";
import "../features/catalogue/components/product-card.css";
import "../features/newsletter/newsletter.css";

/**
 * Below the fold, with code the hero does not need (the carousels; valibot, for the form): a
 * chunk of their own that the page's first paint does not wait for. The Worker renders them into
 * the HTML, and React hydrates that HTML once the chunk has come. Home page JavaScript 137.5 ->
 * 130.9 kB gzip. Asked for as this module runs, so the chunk is in before the page hydrates (which
 * waits for the hero's paint): a section still waiting when a signed-in visitor's session arrives
 * would be rendered afresh rather than taken over.
 */
const showcase = import("../features/home/product-showcase");
const newsletter = import("../features/newsletter/newsletter-signup");
const LatestCollections = lazy(async () => ({ default: (await showcase).LatestCollections }));
const BestSellers = lazy(async () => ({ default: (await showcase).BestSellers }));
const NewsletterSignup = lazy(async () => ({ default: (await newsletter).NewsletterSignup }));

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
      <Suspense>
        <LatestCollections />
        <BestSellers />
      </Suspense>
      <Reviews />
      <Policies />
      <Suspense>
        <NewsletterSignup />
      </Suspense>
    </div>
  );
}

export default HomePage;
