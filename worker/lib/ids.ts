// Entity ids: 24 lowercase hex characters (contracts/fields.ts checks them). New ids start with
// the creation second so they sort by age; seeded rows derive theirs from a stable name so
// re-seeding updates in place.
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + hex(crypto.getRandomValues(new Uint8Array(8)));
}

export async function stableId(namespace: string, name: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${namespace}:${name}`),
  );
  return hex(new Uint8Array(digest)).slice(0, 24);
}
