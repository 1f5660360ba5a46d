// The home screen (SPEC.md section 2), top to bottom in the SPEC's order.
import { CategoryTiles } from "../features/home/category-tiles";
import { Hero } from "../features/home/hero";
import { Policies } from "../features/home/policies";
import { BestSellers, LatestCollections } from "../features/home/product-showcase";
import { PromoPair } from "../features/home/promo-pair";
import { Reviews } from "../features/home/reviews";
import { TextBanner } from "../features/home/text-banner";
import { NewsletterSignup } from "../features/newsletter/newsletter-signup";
import { usePageTitle } from "../lib/page-title";
import "./home.css";

export function HomePage() {
  usePageTitle();
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
