// The picture that is the page's largest paint (the hero's poster, a product's photo, the
// collection's first row, a post's cover): fetched before any other image, and its paint is what
// starts the page's code (app/after-paint.js waits for its Element Timing entry).

/** Spread onto that <img>; every other picture of the page loads at the browser's own priority. */
export const LARGEST_PAINT = { fetchPriority: "high", elementtiming: "largest-paint" } as const;
