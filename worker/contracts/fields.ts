// The field rules every form and endpoint shares: lengths, the email, phone and ABN shapes, entity
// ids. Feature contracts build their schemas from these; web/ imports the same definitions.
import * as v from "valibot";
import { ID_PATTERN } from "./ids";

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MAX_PHONE_LENGTH = 30;

/** An entity id (contracts/ids.ts). */
export const IdSchema = v.pipe(v.string(), v.regex(ID_PATTERN, "must be a 24-character hex id"));

/** A route whose `:id` is an entity id. */
export const IdParam = v.object({ id: IdSchema });

/** Digits, spaces and + ( ) - . as people write phone numbers; empty is the caller's call. */
export const PHONE_PATTERN = /^[0-9+()\-.\s]*$/;
export const PHONE_MESSAGE = "Phone may contain only digits, spaces and + ( ) - .";

/** Trimmed, lower-cased, and shaped like an address: how every email is stored. */
export const EmailSchema = v.pipe(
  // A missing field reads as empty, so it gets the same message as an empty one.
  v.optional(v.string("Please enter your email address"), ""),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Please enter your email address"),
  v.maxLength(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`),
  v.email("Please enter a valid email address"),
);

/**
 * An Australian Business Number: 11 digits (spaces allowed) passing the ATO's checksum: subtract 1
 * from the first digit, and the digits weighted 10, 1, 3, 5, ..., 19 sum to a multiple of 89. The
 * seller's ABN (worker/env.ts) and a creator's (contracts/payouts.ts) are checked by it.
 */
export function isAbn(s: string): boolean {
  const digits = s.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = weights.reduce((acc, w, i) => acc + w * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** A required text field: missing or blank reads "<label> is required". */
export const requiredText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ""),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** Text when given: trimmed, at most `max` characters. */
export const boundedText = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** Text that must be written: a blank one is answered with `empty`. */
export const writtenText = (label: string, max: number, empty = `${label} is required`) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(empty),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** An optional text field: missing reads as empty. */
export const optionalText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.string(`${label} must be text`), ""),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

const phoneShape = v.regex(PHONE_PATTERN, PHONE_MESSAGE);

/** A phone number a form may leave out (the contact form). */
export const OptionalPhoneSchema = v.optional(
  v.pipe(boundedText("Phone", MAX_PHONE_LENGTH), phoneShape),
);

/** A phone number a form must have (a delivery address). */
export const RequiredPhoneSchema = v.pipe(requiredText("Phone", MAX_PHONE_LENGTH), phoneShape);
