// Entity ids: 24 lowercase hex characters (worker/lib/ids.ts makes them). A module without valibot,
// so the SPA's cart, which starts with every page, can use it without the form schemas.
export const ID_PATTERN = /^[0-9a-f]{24}$/;
