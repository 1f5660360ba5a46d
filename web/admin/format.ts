// How the back-office writes counts and the Worker's field messages (dates and times: the shop's
// clock, worker/contracts/shop-time.ts).

/** "1 product", "3 products". */
export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;

/** The contracts' field names as the screens label them. */
const FIELD_WORDS: [RegExp, string][] = [
  [/\boriginalPrice\b/g, "original price"],
  [/\bfinalPrice\b/g, "final price"],
  [/\blowStockThreshold\b/g, "low-stock threshold"],
  [/\bonHand\b/g, "on hand"],
  [/\bimageKey\b/g, "picture"],
  [/\bdelta\b/g, "the change"],
];

/**
 * A contract's message in the screen's words: "finalPrice must not exceed originalPrice" reads
 * "Final price must not exceed original price". The rule and its wording stay the contract's.
 */
export function humanize(message: string): string {
  const text = FIELD_WORDS.reduce((out, [pattern, words]) => out.replace(pattern, words), message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
