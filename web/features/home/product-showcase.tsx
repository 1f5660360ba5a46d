// The home screen's two product lists. Both read the one shared product list, newest first.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { ArrowRightIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import { ProductCarousel, ProductCarouselSkeleton } from "../catalogue/components/product-carousel";
import { useProducts } from "../catalogue/use-catalogue";

/** SPEC.md section 9: home lists show 10 items. */
export const HOME_LIST_SIZE = 10;

export const latestProducts = (products: ProductDto[]): ProductDto[] =>
  products.slice(0, HOME_LIST_SIZE);

export const bestSellers = (products: ProductDto[]): ProductDto[] =>
  products.filter((product) => product.bestseller).slice(0, HOME_LIST_SIZE);

interface ShowcaseProps {
  id: string;
  eyebrow: string;
  title: string;
  pick: (products: ProductDto[]) => ProductDto[];
  empty: string;
  failed: string;
  footer?: ReactNode;
}

type BodyProps = Pick<ShowcaseProps, "title" | "pick" | "empty" | "failed">;

function ShowcaseBody({ title, pick, empty, failed }: BodyProps) {
  const { data, loading, error } = useProducts();
  if (loading) return <ProductCarouselSkeleton />;
  if (error) return <p className="section-note">{failed}</p>;
  const products = pick(data ?? []);
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
      pick={latestProducts}
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
      pick={bestSellers}
      empty="Our favourites are being restocked. Check back soon."
      failed="Our best sellers could not be shown just now. Please try again later."
    />
  );
}
