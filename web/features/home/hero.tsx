import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../../components/icons";
import { SHOP_NAME } from "../../lib/page-title";
import { paths } from "../../lib/paths";
import { MotionToggle } from "./motion-toggle";
import {
  prefersSaveData,
  useHeroRotation,
  usePageLoaded,
  usePageSettled,
  usePageVisible,
  usePrefersReducedMotion,
} from "./use-hero-motion";
import "./hero.css";
import { LARGEST_PAINT } from "../../lib/largest-paint";

export const HERO_POSTER_SIZE = { width: 1280, height: 720 } as const;
export const HERO_IMAGE_SIZE = { width: 800, height: 1000 } as const;

/** Each background video comes with its first frame as a poster and a portrait for the panel. */
export const HERO_SLIDES = [
  {
    video: "/media/hero-1.mp4",
    poster: "/media/hero-1-poster.webp",
    image: "/media/hero-image-1.webp",
    alt: "A hammered copper water bottle and tumbler with marigolds and tulsi leaves",
  },
  {
    video: "/media/hero-2.mp4",
    poster: "/media/hero-2-poster.webp",
    image: "/media/hero-image-2.webp",
    alt: "A copper wind chime with a lotus dome and a bodhi-leaf sail",
  },
  {
    video: "/media/hero-3.mp4",
    poster: "/media/hero-3-poster.webp",
    image: "/media/hero-image-3.webp",
    alt: "Lit clay diyas on a saffron and maroon rangoli beneath a carved arch",
  },
] as const;

interface HeroVideoProps {
  src: string;
  active: boolean;
  playing: boolean;
}

/** Starts hidden over its poster and fades in once frames are actually playing. */
function HeroVideo({ src, active, playing }: HeroVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active && playing) {
      // Autoplay policies only trust the property, and only before play() is called.
      video.muted = true;
      // A refused play() leaves the poster showing, which is all the hero needs.
      video.play()?.catch(() => {});
    } else {
      video.pause();
    }
  }, [active, playing]);

  return (
    <video
      ref={ref}
      className={ready ? "hero-video is-ready" : "hero-video"}
      src={src}
      muted
      playsInline
      loop
      preload="none"
      disablePictureInPicture
      tabIndex={-1}
      onPlaying={() => setReady(true)}
    />
  );
}

export function Hero() {
  const reducedMotion = usePrefersReducedMotion();
  const visible = usePageVisible();
  const loaded = usePageLoaded();
  const settled = usePageSettled();
  const [saveData] = useState(prefersSaveData);
  const [paused, setPaused] = useState(false);
  const animated = !reducedMotion;
  const running = animated && visible && !paused;
  const index = useHeroRotation(HERO_SLIDES.length, running);

  // Slides the rotation has reached keep their media; the one after the current slide loads
  // ahead of its turn. Nothing beyond the first slide loads before the page has.
  const [reached, setReached] = useState(0);
  useEffect(() => setReached((current) => Math.max(current, index)), [index]);
  const hasMedia = (slide: number) => slide === 0 || (animated && loaded && slide <= reached + 1);
  const videos = animated && settled && !saveData;

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-backdrop" aria-hidden="true">
        {HERO_SLIDES.map((slide, slideIndex) => (
          <div
            key={slide.poster}
            className={slideIndex === index ? "hero-slide is-active" : "hero-slide"}
          >
            {hasMedia(slideIndex) ? (
              <img
                className="hero-media"
                src={slide.poster}
                alt=""
                {...HERO_POSTER_SIZE}
                {...(slideIndex === 0 ? LARGEST_PAINT : { fetchPriority: "low" })}
                decoding={slideIndex === 0 ? "auto" : "async"}
              />
            ) : null}
            {videos && slideIndex <= reached ? (
              <HeroVideo src={slide.video} active={slideIndex === index} playing={running} />
            ) : null}
          </div>
        ))}
      </div>

      <div className="hero-inner">
        <div className="hero-content">
          <p className="eyebrow">Handcrafted in India · Sent from Brisbane</p>
          <h1 id="hero-heading" className="hero-title">
            Take home luck, prosperity, and health
            <span className="hero-shop-name">{SHOP_NAME}</span>
          </h1>
          <p className="hero-lead">
            Hand-hammered copper, temple brass and sacred décor from artisan families in India —
            gifts that bring calm and good fortune home.
          </p>
          <Link to={paths.collection} className="button button-primary button-large">
            Shop Now
            <ArrowRightIcon />
          </Link>
        </div>

        <div className="hero-panel">
          {HERO_SLIDES.map((slide, slideIndex) =>
            hasMedia(slideIndex) ? (
              <img
                key={slide.image}
                className={slideIndex === index ? "hero-panel-image is-active" : "hero-panel-image"}
                src={slide.image}
                alt={slide.alt}
                aria-hidden={slideIndex === index ? undefined : true}
                {...HERO_IMAGE_SIZE}
                // Behind the poster, the page's largest paint: on phones the panel peeks above
                // the fold, and the browser would otherwise raise it to the poster's priority.
                loading="lazy"
                fetchPriority="low"
                decoding="async"
              />
            ) : null,
          )}
        </div>
      </div>

      {animated ? (
        <div className="hero-controls">
          {/* Re-keyed whenever the clock restarts, so each bar fills in step with its slide. */}
          <ol className={running ? "hero-steps is-running" : "hero-steps"} aria-hidden="true">
            {HERO_SLIDES.map((slide, slideIndex) => (
              <li
                key={`${slide.poster}-${slideIndex === index ? "now" : "idle"}-${running}`}
                className={slideIndex === index ? "is-active" : undefined}
              />
            ))}
          </ol>
          <MotionToggle
            paused={paused}
            onToggle={() => setPaused((current) => !current)}
            className="hero-toggle"
            what="the background animation"
          />
        </div>
      ) : null}
    </section>
  );
}
