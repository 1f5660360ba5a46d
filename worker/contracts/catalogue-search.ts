// The query GET /api/product/search validates, apart from contracts/catalogue.ts so that
// the SPA's pages that need only the sort names and page sizes do not load valibot for them.
import * as v from "valibot";
import { MAX_SEARCH_LENGTH, MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, SORT_MODES } from "./catalogue";
import { isPlainText } from "./text";

/** The deepest page asked for: 999,999 x 48 rows is past any catalogue. */
const MAX_PAGE_DIGITS = 6;

export const SEARCH_MESSAGES = {
  q: `q must be at most ${MAX_SEARCH_LENGTH} characters`,
  qText: "q must be plain text, without control characters",
  category: "category must be a category name (repeat it for more than one)",
  categoryText: "category must be plain text, without control characters",
  sort: `sort must be one of ${SORT_MODES.join(", ")}`,
  page: "page must be a whole number from 1",
  pageSize: `pageSize must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`,
  flag: "premium, sale and instock are on when present (once)",
} as const;

/** A flag as the collection's address has it: present (any value, even "false") is on. */
const flag = v.pipe(
  v.optional(v.string(SEARCH_MESSAGES.flag)),
  v.transform((value) => value !== undefined),
);

/**
 * GET /api/product/search: SPEC's collection questions. `q` is a case-insensitive substring of
 * the name (spaces inside it count, runs of them as one); `category` one or more names (any
 * case); `premium`, `sale` (on sale: final below original) and `instock` are on when present.
 * The texts hold no control character or lone surrogate (a 400, never a question for the index).
 */
export const ProductSearchQuery = v.object({
  q: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.q), ""),
    v.check(isPlainText, SEARCH_MESSAGES.qText),
    v.transform((s) => s.trim().replace(/\s+/g, " ")),
    v.maxLength(MAX_SEARCH_LENGTH, SEARCH_MESSAGES.q),
  ),
  category: v.pipe(
    v.optional(
      v.union([v.string(), v.array(v.string())], SEARCH_MESSAGES.category),
      [] as string[],
    ),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
    v.maxLength(20, SEARCH_MESSAGES.category),
    v.check((names) => names.every((n) => n.length <= 100), SEARCH_MESSAGES.category),
    v.check((names) => names.every(isPlainText), SEARCH_MESSAGES.categoryText),
    v.transform((names) => [
      ...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n !== "")),
    ]),
  ),
  premium: flag,
  sale: flag,
  instock: flag,
  sort: v.optional(v.picklist(SORT_MODES, SEARCH_MESSAGES.sort), "relevant"),
  page: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.page), "1"),
    v.regex(new RegExp(`^[1-9]\\d{0,${MAX_PAGE_DIGITS - 1}}$`), SEARCH_MESSAGES.page),
    v.transform(Number),
  ),
  pageSize: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.pageSize), String(SEARCH_PAGE_SIZE)),
    v.regex(/^[1-9]\d?$/, SEARCH_MESSAGES.pageSize),
    v.transform(Number),
    v.maxValue(MAX_SEARCH_PAGE_SIZE, SEARCH_MESSAGES.pageSize),
  ),
});
export type ProductSearch = v.InferOutput<typeof ProductSearchQuery>;
