// Product lists as a looping carousel, or a plain grid when every item already fits on screen
// (SPEC.md sections 2 and 9). Swiper is ~30 kB gzipped, so it lives in its own chunk, fetched when
// the list nears the viewport; until then a static track with the carousel's exact geometry holds
// its place, so the swap moves nothing.
import {
  type CSSProperties,
  lazy,
  type RefObject,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { ProductCard, ProductCardSkeleton } from "./product-card";
import "./product-carousel.css";

export interface SlidesPerView {
  small: number;
  medium: number;
  large: number;
}

// product-carousel.css repeats these three as the layout's defaults, for markup rendered before
// the component knows the viewport (the page's HTML, which the Worker renders).
export const DEFAULT_SLIDES_PER_VIEW: SlidesPerView = { small: 1, medium: 2, large: 4 };
/** Widths (px) from which the medium and large layouts apply: up to 640 is small. */
export const CAROUSEL_BREAKPOINTS = { medium: 641, large: 1025 } as const;
/** Space between slides (px) per layout. */
export const CAROUSEL_SPACING: SlidesPerView = { small: 8, medium: 12, large: 16 };

export type CarouselSize = keyof SlidesPerView;

export function sizeForWidth(width: number): CarouselSize {
  if (width >= CAROUSEL_BREAKPOINTS.large) return "large";
  if (width >= CAROUSEL_BREAKPOINTS.medium) return "medium";
  return "small";
}

export function slidesForWidth(
  width: number,
  perView: SlidesPerView = DEFAULT_SLIDES_PER_VIEW,
): number {
  return perView[sizeForWidth(width)];
}

/** A carousel of items that all fit at once would only scroll them in circles. */
export function shouldUseGrid(count: number, slidesPerView: number): boolean {
  return count <= slidesPerView;
}

export interface CarouselLayout {
  mode: "grid" | "carousel";
  slidesPerView: number;
  spaceBetween: number;
}

export function layoutForSize(
  count: number,
  size: CarouselSize,
  perView: SlidesPerView = DEFAULT_SLIDES_PER_VIEW,
): CarouselLayout {
  const slidesPerView = perView[size];
  return {
    mode: shouldUseGrid(count, slidesPerView) ? "grid" : "carousel",
    slidesPerView,
    spaceBetween: CAROUSEL_SPACING[size],
  };
}

export const carouselLayout = (
  count: number,
  width: number,
  perView: SlidesPerView = DEFAULT_SLIDES_PER_VIEW,
): CarouselLayout => layoutForSize(count, sizeForWidth(width), perView);

const MEDIA = {
  medium: `(min-width: ${CAROUSEL_BREAKPOINTS.medium}px)`,
  large: `(min-width: ${CAROUSEL_BREAKPOINTS.large}px)`,
} as const;

function subscribeSize(onChange: () => void): () => void {
  const queries = Object.values(MEDIA).map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

// Media queries, like the stylesheet and Swiper's breakpoints, and unlike window.innerWidth: on
// phones that grows while the page zooms out around content that is briefly too wide.
function readSize(): CarouselSize {
  if (window.matchMedia(MEDIA.large).matches) return "large";
  return window.matchMedia(MEDIA.medium).matches ? "medium" : "small";
}

/** The viewport's layout size; null in the Worker's render, which cannot know the width. */
export function useCarouselSize(): CarouselSize | null {
  return useSyncExternalStore(subscribeSize, readSize, () => null);
}

export function useCarousel(
  count: number,
  perView: SlidesPerView = DEFAULT_SLIDES_PER_VIEW,
): CarouselLayout & { style: CSSProperties | undefined } {
  const size = useCarouselSize();
  const layout = layoutForSize(count, size ?? "large", perView);
  // The page's HTML leaves the geometry to the stylesheet's defaults: the CSP (style-src 'self')
  // refuses a style attribute in HTML, while the browser's render sets it through the CSSOM.
  return { ...layout, style: size ? layoutStyle(layout) : undefined };
}

/** Products are identified by _id, or id where a list comes from elsewhere. */
export const productKey = (product: ProductDto & { id?: string }): string =>
  product._id || product.id || product.name;

/** The geometry the stylesheet reads; set through the CSSOM, which the CSP allows. */
export const layoutStyle = ({ slidesPerView, spaceBetween }: CarouselLayout) =>
  ({ "--per-view": slidesPerView, "--gap": `${spaceBetween}px` }) as CSSProperties;

const SwiperCarousel = lazy(() => import("./product-carousel-swiper"));

/**
 * Whether the element is within `margin` of the viewport; stays true once it was. Watches only
 * while `watching`, since the grid layout renders no element to watch.
 */
export function useNearViewport(
  margin: string,
  watching: boolean,
): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !watching || !element) return;
    // A transition, so the static track stays on screen while the chunk loads.
    const reveal = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === "undefined") {
      reveal();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin, watching]);
  return [ref, near];
}

interface TrackProps {
  products: ProductDto[];
  layout: CarouselLayout;
}

/** The carousel's first view without Swiper: slides past the first view are inert. */
function StaticTrack({ products, layout }: TrackProps) {
  return (
    <ul className="carousel-track">
      {products.map((product, index) => (
        <li key={productKey(product)} inert={index >= layout.slidesPerView}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

export interface ProductCarouselProps {
  products: ProductDto[];
  /** Names the carousel for assistive technology, e.g. "Best sellers". */
  label: string;
  slidesPerView?: SlidesPerView;
}

export function ProductCarousel({
  products,
  label,
  slidesPerView = DEFAULT_SLIDES_PER_VIEW,
}: ProductCarouselProps) {
  const layout = useCarousel(products.length, slidesPerView);
  const [ref, near] = useNearViewport("600px 0px", layout.mode === "carousel");

  if (layout.mode === "grid") {
    return (
      <ul className="carousel-grid" style={layout.style} aria-label={label}>
        {products.map((product) => (
          <li key={productKey(product)}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  }

  const track = <StaticTrack products={products} layout={layout} />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern is a labelled group; a fieldset groups form controls.
    <div
      ref={ref}
      className="product-carousel"
      style={layout.style}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <Suspense fallback={track}>
        {near ? <SwiperCarousel products={products} perView={slidesPerView} /> : track}
      </Suspense>
    </div>
  );
}

/** Loading placeholder with the carousel's footprint: one view of card skeletons. */
export function ProductCarouselSkeleton({
  slidesPerView = DEFAULT_SLIDES_PER_VIEW,
}: {
  slidesPerView?: SlidesPerView;
}) {
  const layout = useCarousel(Number.POSITIVE_INFINITY, slidesPerView);
  return (
    <div className="carousel-grid" style={layout.style} aria-busy="true">
      {Array.from({ length: layout.slidesPerView }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
