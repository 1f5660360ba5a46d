// The home screen's two product lists, from one bounded answer (GET /api/product/highlights).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import type { ProductHighlights } from "../catalogue/api";
import { ProductCarousel, ProductCarouselSkeleton } from "../catalogue/components/product-carousel";
import { useHighlights } from "../catalogue/use-catalogue";

interface ShowcaseProps {
  id: string;
  eyebrow: string;
  title: string;
  list: keyof ProductHighlights;
  empty: string;
  failed: string;
  footer?: ReactNode;
}

type BodyProps = Pick<ShowcaseProps, "title" | "list" | "empty" | "failed">;

function ShowcaseBody({ title, list, empty, failed }: BodyProps) {
  const { data, loading, error } = useHighlights();
  if (loading) return <ProductCarouselSkeleton />;
  if (error) return <p className="section-note">{failed}</p>;
  const products = data?.[list] ?? [];
  if (products.length === 0) return <p className="section-note">{empty}</p>;
  return <ProductCarousel products={products} label={title} />;
}

function Showcase({ id, eyebrow, title, footer, ...body }: ShowcaseProps) {
  const headingId = `${id}-heading`;
  return (
    <section className="section showcase" aria-labelledby={headingId}>
      <header className="section-header">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
      </header>
      <ShowcaseBody title={title} {...body} />
      {footer}
    </section>
  );
}

export function LatestCollections() {
  return (
    <Showcase
      id="latest"
      eyebrow="Just arrived"
      title="Latest collections"
      list="latest"
      empty="New pieces are on their way. Check back soon."
      failed="Our shelves could not be reached just now. Please try again."
      footer={
        <p className="section-more">
          <Link to={paths.collection} className="text-link">
            View the whole collection
            <ArrowRightIcon />
          </Link>
        </p>
      }
    />
  );
}

export function BestSellers() {
  return (
    <Showcase
      id="best-sellers"
      eyebrow="Loved by our customers"
      title="Best sellers"
      list="bestsellers"
      empty="Our favourites are being restocked. Check back soon."
      failed="Our best sellers could not be shown just now. Please try again later."
    />
  );
}
