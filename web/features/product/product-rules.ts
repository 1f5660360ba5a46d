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
