// The Swiper half of ProductCarousel, in its own chunk (see product-carousel.tsx). Only Swiper's
// core, its Navigation module and their two stylesheets are imported.
import { type RefObject, useId, useRef } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { Navigation } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "../../../components/shapes.css";
import type { ProductDto } from "../../../../worker/contracts/catalogue";
import { ArrowRightIcon } from "../../../components/icons";
import { ProductCard } from "./product-card";
import {
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_SPACING,
  productKey,
  type SlidesPerView,
} from "./product-carousel";

/** Swiper's speed; the stylesheet keeps a slide that leaves visible for as long. */
const SLIDE_MS = 300;

/** One of the two arrows Swiper's Navigation drives; the stylesheet turns the previous one round. */
function Arrow(props: {
  ref: RefObject<HTMLButtonElement | null>;
  side: "prev" | "next";
  label: string;
  controls: string;
}) {
  return (
    <button
      ref={props.ref}
      type="button"
      className={`carousel-arrow round-button is-${props.side}`}
      aria-label={props.label}
      aria-controls={props.controls}
    >
      <ArrowRightIcon />
    </button>
  );
}

interface SwiperCarouselProps {
  products: ProductDto[];
  perView: SlidesPerView;
}

export default function SwiperCarousel({ products, perView }: SwiperCarouselProps) {
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // The buttons render before the Swiper, so their refs are set when it initialises.
  const attachButtons = (swiper: SwiperInstance) => {
    const navigation = swiper.params.navigation;
    if (typeof navigation !== "object") return;
    navigation.prevEl = prevRef.current;
    navigation.nextEl = nextRef.current;
  };

  return (
    <>
      <Arrow ref={prevRef} side="prev" label="Previous products" controls={listId} />
      <Arrow ref={nextRef} side="next" label="Next products" controls={listId} />
      <Swiper
        modules={[Navigation]}
        navigation={{ prevEl: null, nextEl: null, addIcons: false }}
        onBeforeInit={attachButtons}
        loop
        speed={SLIDE_MS}
        slidesPerView={perView.small}
        spaceBetween={CAROUSEL_SPACING.small}
        breakpoints={{
          [CAROUSEL_BREAKPOINTS.medium]: {
            slidesPerView: perView.medium,
            spaceBetween: CAROUSEL_SPACING.medium,
          },
          [CAROUSEL_BREAKPOINTS.large]: {
            slidesPerView: perView.large,
            spaceBetween: CAROUSEL_SPACING.large,
          },
        }}
        // Marks the slides in view, so the stylesheet can hide the rest from keyboards and
        // screen readers; the arrows bring them in.
        watchSlidesProgress
        // Whole-pixel slides keep card borders crisp at the clipped edges.
        roundLengths
        // Fetches the lazy image of the slide either side of the view ahead of a click.
        lazyPreloadPrevNext={1}
        wrapperTag="ul"
        id={listId}
      >
        {products.map((product) => (
          <SwiperSlide key={productKey(product)} tag="li">
            <ProductCard product={product} />
          </SwiperSlide>
        ))}
      </Swiper>
    </>
  );
}
