// Accounts, sessions and the cart (SPEC.md sections 5 and 7): request schemas and the answers.
import * as v from "valibot";
import { EmailSchema, MAX_NAME_LENGTH, requiredText } from "./forms";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_CART_QUANTITY = 10;
export const MAX_BIO_LENGTH = 1000;
export const MAX_SOCIALS_LENGTH = 500;

export const PasswordSchema = v.pipe(
  v.optional(v.string("Password is required"), ""),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
);

const optionalText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.string(`${label} must be text`), ""),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** Unknown fields (a `role`, say) are dropped by v.object: registration always makes a user. */
export const RegisterSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  password: PasswordSchema,
});

export const LoginSchema = v.object({
  email: EmailSchema,
  // Any length is compared (and fails) the same way, so length never hints at anything.
  password: v.pipe(
    v.optional(v.string("Password is required"), ""),
    v.nonEmpty("Password is required"),
    v.maxLength(1024, "Password is too long"),
  ),
});

export const UpdateUserSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
});

export const ForgotPasswordSchema = v.object({ email: EmailSchema });

export const ResetPasswordSchema = v.object({
  token: v.pipe(
    v.optional(v.string(), ""),
    v.regex(/^[A-Za-z0-9_-]{43}$/, "This reset link is invalid or has expired."),
  ),
  password: PasswordSchema,
});

export const CreatorRegisterSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  password: PasswordSchema,
  bio: optionalText("Bio", MAX_BIO_LENGTH),
  socials: optionalText("Socials", MAX_SOCIALS_LENGTH),
  payoutEmail: EmailSchema,
});

export const CreatorUpdateSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  bio: optionalText("Bio", MAX_BIO_LENGTH),
  socials: optionalText("Socials", MAX_SOCIALS_LENGTH),
  // Optional, but an email address when given.
  payoutEmail: v.pipe(
    v.optional(v.string("Payout email must be text"), ""),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, "Payout email must be at most 254 characters"),
    v.check((s) => s === "" || v.is(EmailSchema, s), "Payout email must be an email address"),
  ),
});

const quantity = (min: number) =>
  v.pipe(
    v.number(`Quantity must be a whole number from ${min} to ${MAX_CART_QUANTITY}`),
    v.integer(`Quantity must be a whole number from ${min} to ${MAX_CART_QUANTITY}`),
    v.minValue(min, `Quantity must be a whole number from ${min} to ${MAX_CART_QUANTITY}`),
    v.maxValue(
      MAX_CART_QUANTITY,
      `Quantity must be a whole number from ${min} to ${MAX_CART_QUANTITY}`,
    ),
  );

const ItemId = v.pipe(
  v.string("itemId is required"),
  v.regex(/^[0-9a-f]{24}$/, "itemId must be a product id"),
);

export const CartAddSchema = v.object({ itemId: ItemId, quantity: quantity(1) });
export const CartUpdateSchema = v.object({ itemId: ItemId, quantity: quantity(0) });
const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export const CartMergeSchema = v.object({
  cartData: v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, "cartData must be an object"),
    v.record(
      v.pipe(v.string(), v.maxLength(64)),
      v.looseObject({ quantity: quantity(0) }),
      "cartData must be an object",
    ),
    v.check((r) => Object.keys(r).length <= 100, "cartData has too many lines"),
  ),
});

export interface UserDto {
  _id: string;
  name: string;
  email: string;
  role: string;
}

export interface CartLineDto {
  _id: string;
  name: string;
  /** Dollars, today's price. */
  price: number;
  quantity: number;
  image: string;
}

export type CartData = Record<string, CartLineDto>;

/** One day of a creator's activity, in Brisbane time. */
export interface CreatorDay {
  /** YYYY-MM-DD. */
  date: string;
  clicks: number;
  sales: number;
}

/**
 * What the creator profile shows. Clicks are deduplicated link clicks; sales are paid orders
 * attributed to the creator that were not fully refunded; earnings are commission not reversed.
 */
export interface CreatorStats {
  clicks: number;
  sales: number;
  /** Dollars. */
  earnings: number;
  /** Sales per click, 0..1 (0 without clicks). */
  conversionRate: number;
  /** Earnings by commission state, dollars: pending (inside the 7-day return window), approved, paid out. */
  earningsByStatus: { pending: number; approved: number; paid: number };
  /** The last 30 days, oldest first, one entry per day (zeros included). */
  daily: CreatorDay[];
}

export interface CreatorDto {
  name: string;
  email: string;
  bio: string;
  socials: string;
  payoutEmail: string;
  affiliateCode: string;
  /** The creator's share link: `${APP_ORIGIN}/r/${affiliateCode}`. */
  shareUrl: string;
  stats: CreatorStats;
}
