// How a post's metadata reads on screen.

const dateFormat = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-07-13" -> "13 July 2026", the same calendar day wherever the reader is. */
export function formatPublishDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

export const formatReadingTime = (minutes: number): string =>
  `${Math.max(1, Math.round(minutes))} min read`;

/** "a, b ,, c" -> ["a", "b", "c"] */
export const splitKeywords = (keywords: string): string[] =>
  keywords
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
