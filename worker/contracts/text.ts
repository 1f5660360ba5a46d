// Text a person typed never holds control characters. A module without valibot, so the SPA's pages
// that read the address (the collection's search) apply the rule the Worker's schemas apply.

/** C0 and C1 control characters (NUL, tab, newline, DEL, U+0080 to U+009F) and lone surrogates. */
const NOT_PLAIN = /[\p{Cc}\p{Cs}]/u;

/** True when `s` has no control character and no lone surrogate. */
export const isPlainText = (s: string): boolean => !NOT_PLAIN.test(s);
