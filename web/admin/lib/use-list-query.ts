// The list kit's address: a list screen's filters, search, sort and page live in its address, read
// and written with the same contract schema the Worker validates that list's request with, so a
// filtered list can be reloaded, shared and gone back to, and what the screen asks is what the
// address says. A value the schema refuses reads as its default; defaults stay out of the address.

import { useNavigate, useSearchParams } from "react-router-dom";
import * as v from "valibot";
import { type Load, useLoad } from "../../lib/use-load";

type Value = string | number | undefined;
export type ListParams = Record<string, Value>;

/** A list's query schema: an object of strings in (page: PageQuery), perhaps piped to checks. */
// biome-ignore lint/suspicious/noExplicitAny: any valibot schema whose output is the list's params
export type ListSchema<P extends ListParams> = v.GenericSchema<any, P>;

/** The keys of an object schema, or of the object at the head of a pipe. */
function keysOf(schema: unknown): string[] {
  const node = schema as { entries?: object; pipe?: unknown[] };
  if (node.entries) return Object.keys(node.entries);
  const head = node.pipe?.find((item) => (item as { entries?: object }).entries);
  return head ? keysOf(head) : [];
}

/** The parameters an address holds: each value the schema refuses is left out, so it defaults. */
export function readParams<P extends ListParams>(
  schema: ListSchema<P>,
  search: URLSearchParams,
): P {
  const keys = keysOf(schema);
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key);
    if (value) raw[key] = value;
  }
  for (let left = keys.length; left >= 0; left--) {
    const parsed = v.safeParse(schema, raw);
    if (parsed.success) return parsed.output;
    const refused = parsed.issues.map((issue) => v.getDotPath(issue)?.split(".")[0]);
    if (refused.some((key) => !key || !(key in raw))) break;
    for (const key of refused) delete raw[key as string];
  }
  return v.parse(schema, {});
}

/** A list's address at the given parameters (the values given, as written; none left out). */
export function listAddress(path: string, params: Record<string, string | number>): string {
  const text = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [name, String(value)]),
  ).toString();
  return text ? `${path}?${text}` : path;
}

/** Sorting and paging arrange a list; every other parameter decides what is in it. */
const ARRANGING = new Set(["page", "sort"]);

export interface ListQueryOptions<P extends ListParams> {
  /** The list's address (an adminPaths entry). */
  path: string;
  /** What a view implies without saying it (the orders' sort follows their status). */
  implied?: (params: P) => Partial<P>;
  /** Parameters of the screen, not of the list (the open message): never asked for. */
  view?: readonly (keyof P & string)[];
}

export interface ListQuery<P extends ListParams> {
  /** The schema the address is read with: the list's search form checks with it too. */
  schema: ListSchema<P>;
  /** The address as the contract reads it, with what the view implies filled in. */
  params: P;
  /** What the Worker is asked: `params` without the screen's own view parameters. */
  request: P;
  /** The list at other parameters; a change to what it lists starts again at page 1. */
  address: (change?: Partial<P> | { page: number }) => string;
  /** Goes there (a select's change). */
  go: (change: Partial<P>) => void;
  /** The list's default view. */
  home: string;
  /** Which parameters differ from the default view in what is listed. */
  narrowed: (keyof P & string)[];
  /** The parameters that filter the list, the search aside. */
  filters: (keyof P & string)[];
}

export function useListQuery<P extends ListParams>(
  schema: ListSchema<P>,
  { path, implied, view = [] }: ListQueryOptions<P>,
): ListQuery<P> {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const allKeys = [...new Set([...(keysOf(schema) as (keyof P & string)[]), ...view])] as (keyof P &
    string)[];
  const keys = allKeys.filter((key) => !view.includes(key));
  const fill = (params: P): P => {
    const out = { ...params };
    for (const [key, value] of Object.entries(implied?.(params) ?? {})) {
      if (out[key] === undefined) (out as ListParams)[key] = value;
    }
    return out;
  };
  const defaults = v.parse(schema, {});
  const params = fill({
    ...readParams(schema, search),
    ...Object.fromEntries(view.map((key) => [key, search.get(key) || undefined])),
  });

  const address = (change: Partial<P> | { page: number } = {}): string => {
    const listed = Object.keys(change).filter((key) => !view.includes(key));
    // Another page or view of the list closes what the screen had open in it.
    const closed = listed.length > 0 ? Object.fromEntries(view.map((key) => [key, undefined])) : {};
    const resets = listed.some((key) => key !== "page");
    const next = {
      ...params,
      ...closed,
      ...(resets ? { page: defaults.page } : {}),
      ...change,
    } as P;
    const quiet = { ...defaults, ...implied?.(next) } as ListParams;
    const query = new URLSearchParams();
    for (const key of allKeys) {
      const value = next[key];
      if (value === undefined || value === "" || value === quiet[key]) continue;
      query.set(key, String(value));
    }
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };

  const request = { ...params };
  for (const key of view) delete request[key];
  const baseline = fill(defaults);
  return {
    schema,
    params,
    request,
    address,
    go: (change) => navigate(address(change)),
    home: path,
    narrowed: keys.filter(
      (key) => !ARRANGING.has(key) && (params[key] ?? "") !== (baseline[key] ?? ""),
    ),
    filters: keys.filter((key) => !ARRANGING.has(key) && key !== "q"),
  };
}

/**
 * The list the address asks for: asked again when the request changes, the last answer kept (and
 * dimmed) meanwhile, a failure shown in place with Try again (components/data-list.tsx).
 */
export function useListLoad<P extends ListParams, T>(
  query: ListQuery<P>,
  load: (params: P, signal: AbortSignal) => Promise<T>,
  fallback: string,
): Load<T> {
  return useLoad((signal) => load(query.request, signal), {
    key: JSON.stringify(query.request),
    keepWhileReloading: true,
    failure: { fallback, toast: false },
  });
}

/** A list screen's query and answer: the address it reads, and what the Worker said to it. */
export function useList<P extends ListParams, T>(
  schema: ListSchema<P>,
  load: (params: P, signal: AbortSignal) => Promise<T>,
  options: ListQueryOptions<P> & { failed: string },
) {
  const query = useListQuery(schema, options);
  return { query, list: useListLoad(query, load, options.failed) };
}
