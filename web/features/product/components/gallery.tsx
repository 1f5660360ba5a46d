import { useState } from "react";
import "../../../components/shapes.css";
import "./gallery.css";
import { LARGEST_PAINT } from "../../../lib/largest-paint";

/** SPEC.md section 9: the gallery shows 3 thumbnails at a time. */
export const THUMBNAILS_IN_VIEW = 3;
const MAIN_SIZE = 800;
const THUMB_SIZE = 160;

const Chevron = ({ direction }: { direction: "left" | "right" }) => (
  <svg className="icon" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <path
      d={direction === "left" ? "m14.5 6-6 6 6 6" : "m9.5 6 6 6-6 6"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The main image over a strip of thumbnails; with more than three images, Previous and Next
 * slide the strip one image at a time. Mount with key={product id} so a new product starts fresh.
 */
export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const [start, setStart] = useState(0);
  const count = images.length;
  const lastStart = Math.max(0, count - THUMBNAILS_IN_VIEW);
  const main = images[selected];
  const scrolls = count > THUMBNAILS_IN_VIEW;

  return (
    <div className="gallery">
      <div className="gallery-main">
        {main ? (
          <img
            src={main}
            alt={count > 1 ? `${name}, image ${selected + 1} of ${count}` : name}
            width={MAIN_SIZE}
            height={MAIN_SIZE}
            {...LARGEST_PAINT}
            decoding="async"
          />
        ) : null}
      </div>
      {count > 1 ? (
        <div className="gallery-strip">
          {scrolls ? (
            <button
              type="button"
              className="gallery-step round-button"
              aria-label="Previous images"
              aria-disabled={start === 0}
              onClick={() => setStart((n) => Math.max(0, n - 1))}
            >
              <Chevron direction="left" />
            </button>
          ) : null}
          <ul className="gallery-thumbs" aria-label="Product images">
            {images.slice(start, start + THUMBNAILS_IN_VIEW).map((src, offset) => {
              const index = start + offset;
              return (
                <li key={`${index}-${src}`}>
                  <button
                    type="button"
                    className="gallery-thumb"
                    aria-label={`Show image ${index + 1} of ${count}`}
                    aria-pressed={index === selected}
                    onClick={() => setSelected(index)}
                  >
                    <img src={src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} decoding="async" />
                  </button>
                </li>
              );
            })}
          </ul>
          {scrolls ? (
            <button
              type="button"
              className="gallery-step round-button"
              aria-label="Next images"
              aria-disabled={start >= lastStart}
              onClick={() => setStart((n) => Math.min(lastStart, n + 1))}
            >
              <Chevron direction="right" />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
