import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "../../../../worker/contracts/cart";
import { clampQuantity } from "../../cart/guest-cart";
import "./quantity-input.css";

interface QuantityInputProps {
  id: string;
  /** What the field shows; empty only while the shopper is retyping. */
  value: string;
  onChange: (value: string) => void;
  /** Fewer than 10 when the product has fewer left. */
  max?: number;
  disabled?: boolean;
}

/**
 * SPEC.md section 5: quantity is clamped to 1..10, and to what is left when stock is tracked.
 * Out-of-range or non-numeric typing clamps at once; an empty field is allowed while retyping
 * and becomes 1 when the field is left.
 */
export function QuantityInput({
  id,
  value,
  onChange,
  max = MAX_CART_QUANTITY,
  disabled = false,
}: QuantityInputProps) {
  const clamp = (typed: unknown) => Math.min(max, clampQuantity(typed));
  const quantity = clamp(value);
  const step = (by: number) => onChange(String(Math.max(MIN_CART_QUANTITY, clamp(quantity + by))));
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity-label">
        Quantity
      </label>
      <div className="quantity-stepper">
        <button
          type="button"
          className="quantity-step"
          aria-label="Decrease quantity"
          disabled={disabled}
          aria-disabled={quantity <= MIN_CART_QUANTITY}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_CART_QUANTITY}
          max={Math.max(MIN_CART_QUANTITY, max)}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const typed = event.target.value;
            onChange(typed === "" ? "" : String(Math.max(MIN_CART_QUANTITY, clamp(typed))));
          }}
          onBlur={() => {
            if (value === "") onChange(String(MIN_CART_QUANTITY));
          }}
        />
        <button
          type="button"
          className="quantity-step"
          aria-label="Increase quantity"
          disabled={disabled}
          aria-disabled={quantity >= max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
