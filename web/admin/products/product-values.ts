// The product editor's form values (text, as typed) and how they become the endpoint's body: the
// form validates with the endpoint's own schema (contracts/admin-catalogue.ts) applied to that
// body, so every field says what the Worker would. Prices are typed and sent in dollars.
import {
  type AdminProductDto,
  DEFAULT_LOW_STOCK_THRESHOLD,
  ProductCreateSchema,
  ProductUpdateSchema,
} from "../../../worker/contracts/admin-catalogue";
import { formSchema } from "../../lib/form-schema";

export const PRODUCT_FIELDS = [
  "name",
  "description",
  "category",
  "tags",
  "originalPrice",
  "onSale",
  "finalPrice",
  "bestseller",
  "new",
  "premium",
  "variant",
  "status",
  "lowStockThreshold",
  "stock",
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductValues = Record<ProductField, string>;

export const EMPTY_PRODUCT: ProductValues = {
  name: "",
  description: "",
  category: "",
  tags: "",
  originalPrice: "",
  onSale: "false",
  finalPrice: "",
  bestseller: "false",
  new: "true",
  premium: "false",
  variant: "",
  status: "draft",
  lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
  stock: "",
};

/** "49.9" reads "49.90": prices show as money. */
const priceText = (dollars: number) => dollars.toFixed(2);

/**
 * The form's values for a stored product (stock has its own panel, so its field is empty). A
 * product is on sale when its final price is below its original; only then has it a sale price.
 */
export function valuesOf(product: AdminProductDto): ProductValues {
  const onSale = product.finalPrice < product.originalPrice;
  return {
    name: product.name,
    description: product.description,
    category: product.categoryId,
    tags: product.tags.join(", "),
    originalPrice: priceText(product.originalPrice),
    onSale: String(onSale),
    finalPrice: onSale ? priceText(product.finalPrice) : "",
    bestseller: String(product.bestseller),
    new: String(product.new),
    premium: String(product.premium),
    variant: product.variant ?? "",
    status: product.status,
    lowStockThreshold: String(product.lowStockThreshold),
    stock: "",
  };
}

/** Dollars as typed: "$1,249.50" is 1249.5. Anything else is NaN, which the contract refuses. */
export function typedDollars(text: string): number {
  const plain = text
    .trim()
    .replace(/^\$\s*/, "")
    .replaceAll(",", "");
  return plain === "" ? Number.NaN : Number(plain);
}

/** A whole number as typed; empty or not a number is NaN, which the contract refuses. */
export function typedCount(text: string): number {
  const plain = text.trim();
  return plain === "" ? Number.NaN : Number(plain);
}

/** "copper, gifts , ,wellness" is ["copper", "gifts", "wellness"]. */
export const typedTags = (text: string): string[] =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

const field = (values: Record<string, string>, name: ProductField) => values[name] ?? "";

/**
 * The fields both the create and the edit endpoints take. One price is typed; on sale, the sale
 * price is the final price, else the final price is the price itself.
 */
function commonBody(values: Record<string, string>) {
  const price = typedDollars(field(values, "originalPrice"));
  return {
    name: field(values, "name"),
    description: field(values, "description"),
    category: field(values, "category"),
    tags: typedTags(field(values, "tags")),
    originalPrice: price,
    finalPrice:
      field(values, "onSale") === "true" ? typedDollars(field(values, "finalPrice")) : price,
    bestseller: field(values, "bestseller") === "true",
    new: field(values, "new") === "true",
    premium: field(values, "premium") === "true",
    variant: field(values, "variant"),
    status: field(values, "status"),
    lowStockThreshold: typedCount(field(values, "lowStockThreshold")),
  };
}

/** POST /api/admin/products: an empty opening stock means the product's stock is not tracked. */
export const ProductCreateForm = formSchema((values) => {
  const stock = field(values, "stock");
  return { ...commonBody(values), ...(stock.trim() ? { stock: typedCount(stock) } : {}) };
}, ProductCreateSchema);

/** POST /api/admin/products/:id: stock changes go through the stock panel instead. */
export const ProductEditForm = formSchema(commonBody, ProductUpdateSchema);
