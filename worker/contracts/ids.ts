// Entity ids: 24 lowercase hex characters (worker/lib/ids.ts makes them). A module without valibot,
// so the SPA's cart, which starts with every page, can use it without the form schemas.
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * A secret handed to a person in a link or cookie (reset, confirmation and unsubscribe links, the
 * order-access cookie) and an HMAC signature: 32 bytes as base64url (worker/lib/tokens.ts).
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
