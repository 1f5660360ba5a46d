// The promotion form's values (text, as typed) and how they become the endpoint's body
// (PromotionInputSchema): the form validates with that schema applied to the body, so every field
// says what the Worker would. Money is typed in dollars and sent in cents; dates are Brisbane
// wall-clock as a datetime-local field gives them; chosen categories and products are ids joined
// by commas.
import { centsToDollars, dollarsToCents } from "../../../worker/contracts/money";
import {
  type PromotionDto,
  type PromotionInput,
  PromotionInputSchema,
  type PromotionStatus,
} from "../../../worker/contracts/promotions";
import { formSchema } from "../../lib/form-schema";
import { typedCount, typedDollars } from "../products/product-values";

export const PROMOTION_FIELDS = [
  "name",
  "automatic",
  "code",
  "kind",
  "percentOff",
  "amountOffCents",
  "scope",
  "categoryIds",
  "productIds",
  "minSpendCents",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "stacksWithCreator",
  "status",
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];
export type PromotionValues = Record<PromotionField, string>;

export const EMPTY_PROMOTION: PromotionValues = {
  name: "",
  automatic: "false",
  code: "",
  kind: "percent",
  percentOff: "",
  amountOffCents: "",
  scope: "order",
  categoryIds: "",
  productIds: "",
  minSpendCents: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "",
  stacksWithCreator: "false",
  status: "active",
};

/** "a,b" is ["a", "b"]; "" is []. */
export const idList = (text: string): string[] => text.split(",").filter(Boolean);

const dollarsText = (cents: number | null) =>
  cents === null ? "" : centsToDollars(cents).toFixed(2);
const countText = (count: number | null) => (count === null ? "" : String(count));

export function valuesOf(promotion: PromotionDto): PromotionValues {
  return {
    name: promotion.name,
    automatic: String(promotion.automatic),
    code: promotion.code ?? "",
    kind: promotion.kind,
    percentOff: countText(promotion.percentOff),
    amountOffCents: dollarsText(promotion.amountOffCents),
    scope: promotion.scope,
    categoryIds: promotion.categoryIds.join(","),
    productIds: promotion.productIds.join(","),
    minSpendCents: dollarsText(promotion.minSpendCents),
    startsAt: promotion.startsAt ?? "",
    endsAt: promotion.endsAt ?? "",
    usageLimit: countText(promotion.usageLimit),
    perCustomerLimit: countText(promotion.perCustomerLimit),
    stacksWithCreator: String(promotion.stacksWithCreator),
    status: promotion.status,
  };
}

/** Empty is null (no limit, no minimum); anything typed goes as typed for the schema to judge. */
const optionalCents = (text: string) =>
  text.trim() === "" ? null : dollarsToCents(typedDollars(text));
const optionalCount = (text: string) => (text.trim() === "" ? null : typedCount(text));
const optionalMoment = (text: string) => (text.trim() === "" ? null : text.trim());

/** The body of POST /api/admin/promotions(/:id) for the form's values. */
export function bodyOf(values: Record<string, string>): PromotionInput {
  const value = (name: PromotionField) => values[name] ?? "";
  const kind = value("kind") as PromotionInput["kind"];
  const scope = value("scope") as PromotionInput["scope"];
  const automatic = value("automatic") === "true";
  return {
    name: value("name"),
    automatic,
    code: automatic ? null : value("code").trim(),
    kind,
    percentOff: kind === "percent" ? optionalCount(value("percentOff")) : null,
    amountOffCents: kind === "fixed" ? optionalCents(value("amountOffCents")) : null,
    scope,
    categoryIds: scope === "categories" ? idList(value("categoryIds")) : [],
    productIds: scope === "products" ? idList(value("productIds")) : [],
    minSpendCents: optionalCents(value("minSpendCents")),
    startsAt: optionalMoment(value("startsAt")),
    endsAt: optionalMoment(value("endsAt")),
    usageLimit: optionalCount(value("usageLimit")),
    perCustomerLimit: optionalCount(value("perCustomerLimit")),
    stacksWithCreator: value("stacksWithCreator") === "true",
    status: value("status") as PromotionStatus,
  };
}

export const PromotionForm = formSchema(bodyOf, PromotionInputSchema);

/** The whole promotion as stored, with another status: pausing, resuming and ending send this. */
export const withStatus = (promotion: PromotionDto, status: PromotionStatus): PromotionInput => ({
  ...bodyOf(valuesOf(promotion)),
  status,
});
