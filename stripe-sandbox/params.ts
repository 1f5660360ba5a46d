// A tiny parameter schema. Every endpoint lists exactly the parameters our Worker sends, so
// anything else is refused the way Stripe refuses it (parameter_unknown), and a typo in the
// Worker fails here instead of passing silently.
import { paramError, parameterMissing, parameterUnknown } from "./errors";
import type { FormValue } from "./form";
import { isSupportedCurrency } from "./money";

export interface Field<T> {
  readonly optional: boolean;
  parse(value: FormValue, path: string): T;
}
export type Infer<F> = F extends Field<infer T> ? T : never;
type Shape = Record<string, Field<unknown>>;
export type Parsed<S extends Shape> = { [K in keyof S]: Infer<S[K]> };

export const childPath = (path: string, key: string | number) =>
  path ? `${path}[${key}]` : String(key);

const field = <T>(parse: (value: FormValue, path: string) => T): Field<T> => ({
  optional: false,
  parse,
});

export const optional = <T>(inner: Field<T>): Field<T | undefined> => ({
  optional: true,
  parse: inner.parse,
});

function asString(value: FormValue, path: string): string {
  if (typeof value !== "string")
    throw paramError(`Invalid string: ${path} must be a string.`, path);
  return value;
}

const listOr = (values: readonly string[]) =>
  values.length < 3
    ? values.join(" or ")
    : `${values.slice(0, -1).join(", ")}, or ${values[values.length - 1]}`;

export function string(options: { maxLength?: number; oneOf?: readonly string[] } = {}) {
  return field((value, path) => {
    const text = asString(value, path);
    if (options.oneOf && !options.oneOf.includes(text)) {
      throw paramError(`Invalid ${path}: must be one of ${listOr(options.oneOf)}`, path);
    }
    if (options.maxLength !== undefined && text.length > options.maxLength) {
      throw paramError(
        `Invalid string: ${text.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
        path,
      );
    }
    return text;
  });
}

export function integer(options: { min?: number; max?: number } = {}) {
  return field((value, path) => {
    const text = asString(value, path);
    const number = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number)) {
      throw paramError(`Invalid integer: ${text}`, path, "parameter_invalid_integer");
    }
    if (options.min !== undefined && number < options.min) {
      throw paramError(
        `This value must be greater than or equal to ${options.min}.`,
        path,
        "parameter_invalid_integer",
      );
    }
    if (options.max !== undefined && number > options.max) {
      throw paramError(
        `This value must be less than or equal to ${options.max}.`,
        path,
        "parameter_invalid_integer",
      );
    }
    return number;
  });
}

function parses(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export function url() {
  return field((value, path) => {
    const text = asString(value, path);
    // Stripe only accepts absolute http(s) addresses here.
    if (!/^https?:\/\/[^\s/]+/i.test(text) || !parses(text)) {
      throw paramError("Not a valid URL", path, "url_invalid");
    }
    return text;
  });
}

export function email() {
  return field((value, path) => {
    const text = asString(value, path);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
      throw paramError(`Invalid email address: ${text}`, path, "email_invalid");
    }
    return text;
  });
}

export function currency() {
  return field((value, path) => {
    const code = asString(value, path).toLowerCase();
    if (!isSupportedCurrency(code)) {
      throw paramError(
        `Invalid currency: ${code}. Stripe currently supports these currencies: see https://stripe.com/docs/currencies`,
        path,
      );
    }
    return code;
  });
}

export function object<S extends Shape>(shape: S): Field<Parsed<S>> {
  return field((value, path) => {
    if (typeof value !== "object" || Array.isArray(value)) {
      throw paramError(`Invalid hash: ${path}`, path);
    }
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) throw parameterUnknown(childPath(path, key));
    }
    const out: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(shape)) {
      const raw = value[key];
      const at = childPath(path, key);
      // An empty string asks Stripe to unset a field: harmless for optional ones on create.
      if (raw === undefined || (raw === "" && spec.optional)) {
        if (!spec.optional) throw parameterMissing(at);
        out[key] = undefined;
      } else if (raw === "") {
        throw paramError(
          `You passed an empty string for '${at}'. We assume empty values are an attempt to unset a parameter; however '${at}' cannot be unset. You should remove '${at}' from your request or supply a non-empty value.`,
          at,
          "parameter_invalid_empty",
        );
      } else {
        out[key] = spec.parse(raw, at);
      }
    }
    return out as Parsed<S>;
  });
}

export function array<T>(item: Field<T>, options: { max?: number } = {}): Field<T[]> {
  return field((value, path) => {
    if (!Array.isArray(value)) throw paramError(`Invalid array: ${path}`, path);
    if (options.max !== undefined && value.length > options.max) {
      throw paramError(`Invalid array: ${path} can have at most ${options.max} items`, path);
    }
    return value.map((entry, i) => item.parse(entry, childPath(path, i)));
  });
}

/** Stripe's metadata rules: up to 50 string keys of 40 characters, values of 500. */
export function metadata(): Field<Record<string, string>> {
  return field((value, path) => {
    // Numeric keys arrive as an array from the decoder; they are still plain keys here.
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : typeof value === "object"
        ? Object.entries(value)
        : null;
    if (!entries) throw paramError(`Invalid hash: ${path}`, path);
    const out: Record<string, string> = {};
    for (const [key, raw] of entries) {
      const text = asString(raw, childPath(path, key));
      if (key.length > 40) {
        throw paramError(
          `Metadata keys can have up to 40 characters. The key '${key}' is too long.`,
          childPath(path, key),
        );
      }
      if (text.length > 500) {
        throw paramError(
          `Metadata values can have up to 500 characters, but you passed in a value that is ${text.length} characters.`,
          childPath(path, key),
        );
      }
      if (text !== "") out[key] = text;
    }
    if (Object.keys(out).length > 50) {
      throw paramError("Metadata can have up to 50 keys.", path);
    }
    return out;
  });
}

export function parseParams<S extends Shape>(
  shape: S,
  params: Record<string, FormValue>,
): Parsed<S> {
  return object(shape).parse(params, "");
}
