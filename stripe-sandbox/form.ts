// Decodes Stripe's bracket notation (`line_items[0][price_data][currency]=aud`) into nested
// objects and arrays, the way Stripe's Rack-style parser reads what the SDKs send.
import { paramError } from "./errors";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Node = { [key: string]: Node | string };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function splitKey(key: string): string[] {
  const match = KEY.exec(key);
  if (!match?.[1]) return [key];
  const rest = match[2] ?? "";
  return [match[1], ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
}

// Null-prototype nodes so a key such as `__proto__` stays an ordinary key.
const newNode = (): Node => Object.create(null) as Node;

function insert(root: Node, key: string, value: string): void {
  const segments = splitKey(key);
  let node = root;
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i] ?? "";
    // `a[]=x` appends, as qs and Rack do.
    if (segment === "") segment = String(Object.keys(node).length);
    const last = i === segments.length - 1;
    const existing = node[segment];
    if (last) {
      if (typeof existing === "object") throw invalidHash(segments, i);
      node[segment] = value;
      return;
    }
    if (typeof existing === "string") throw invalidHash(segments, i);
    const child = existing ?? newNode();
    node[segment] = child;
    node = child;
  }
}

function invalidHash(segments: string[], upTo: number): Error {
  const param = segments.slice(0, upTo + 1).reduce((path, s) => (path ? `${path}[${s}]` : s), "");
  return paramError(`Invalid hash: ${param} is given both as a value and as a hash.`, param);
}

const INDEX = /^(0|[1-9]\d*)$/;

function finish(node: Node | string, mayBeArray = true): FormValue {
  if (typeof node === "string") return node;
  const keys = Object.keys(node);
  if (mayBeArray && keys.length > 0 && keys.every((k) => INDEX.test(k))) {
    // Indices only fix the order; gaps close up, as with qs.
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => finish(node[String(i)] as Node | string));
  }
  const out: { [key: string]: FormValue } = Object.create(null);
  for (const key of keys) out[key] = finish(node[key] as Node | string);
  return out;
}

export function decodeForm(encoded: string): Record<string, FormValue> {
  const root = newNode();
  for (const [key, value] of new URLSearchParams(encoded)) insert(root, key, value);
  // The top level always holds parameter names, even numeric ones.
  return finish(root, false) as Record<string, FormValue>;
}

/** Key-order-independent JSON, so equal parameter sets compare equal for idempotency. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
