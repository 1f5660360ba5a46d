import { useState } from "react";
import { BudIcon } from "./home-icons";
import { MotionToggle } from "./motion-toggle";
import "./text-banner.css";

export const BANNER_HIGHLIGHTS = [
  "Handcrafted by artisan families in India",
  "Pure copper, hand-hammered",
  "Australia-wide delivery in 3–7 business days",
  "30-day satisfaction guarantee",
  "Gifts for luck, prosperity and health",
  "Packed with care in Brisbane",
] as const;

/** The second copy exists only to make the loop seamless, so assistive technology skips it. */
function Highlights({ copy }: { copy?: boolean }) {
  return (
    <ul className="text-banner-list" aria-hidden={copy ? true : undefined}>
      {BANNER_HIGHLIGHTS.map((text) => (
        <li key={text}>
          <BudIcon />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** A scrolling ribbon of the shop's promises; still for reduced motion, pausable by anyone. */
export function TextBanner() {
  const [paused, setPaused] = useState(false);
  return (
    <section
      className={paused ? "text-banner is-paused" : "text-banner"}
      aria-label="Why shop with us"
    >
      <div className="text-banner-viewport">
        <div className="text-banner-track">
          <Highlights />
          <Highlights copy />
        </div>
      </div>
      <MotionToggle
        paused={paused}
        onToggle={() => setPaused((current) => !current)}
        className="text-banner-toggle"
        what="the scrolling banner"
      />
    </section>
  );
}
