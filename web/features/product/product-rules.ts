// The product screen's rules as plain functions (SPEC.md section 2, /product/:productId).
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { salePercent } from "../../../worker/contracts/money";

export interface PriceDisplay {
  final: number;
  /** Struck through; only when it is higher than the final price. */
  original: number | undefined;
  /** Rounded percentage for the badge; 0 means no badge. */
  percentOff: number;
}

export function priceDisplay({ originalPrice, finalPrice }: ProductDto): PriceDisplay {
  return {
    final: finalPrice,
    original: originalPrice > finalPrice ? originalPrice : undefined,
    // A cut too small to round to 1% shows the struck price but no "-0%" badge.
    percentOff: salePercent(originalPrice, finalPrice),
  };
}

/** Same category and at least one shared tag, never the product itself; list order kept. */
export function relatedProducts(product: ProductDto, all: readonly ProductDto[]): ProductDto[] {
  const tags = new Set(product.tags);
  return all.filter(
    (other) =>
      other._id !== product._id &&
      other.category === product.category &&
      other.tags.some((tag) => tags.has(tag)),
  );
}

/** Search engines show about 155 characters; cut at a word and mark the cut. */
export function metaDescription(text: string, limit = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
