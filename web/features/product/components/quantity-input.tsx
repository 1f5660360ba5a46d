import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "../../../../worker/contracts/cart";
import { clampQuantity } from "../../cart/guest-cart";
import "./quantity-input.css";

interface QuantityInputProps {
  id: string;
  /** What the field shows; empty only while the shopper is retyping. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * SPEC.md section 5: quantity is clamped to 1..10. Out-of-range or non-numeric typing clamps at
 * once; an empty field is allowed while retyping and becomes 1 when the field is left.
 */
export function QuantityInput({ id, value, onChange }: QuantityInputProps) {
  const quantity = clampQuantity(value);
  const step = (by: number) => onChange(String(clampQuantity(quantity + by)));
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
          max={MAX_CART_QUANTITY}
          step={1}
          value={value}
          onChange={(event) => {
            const typed = event.target.value;
            onChange(typed === "" ? "" : String(clampQuantity(typed)));
          }}
          onBlur={() => {
            if (value === "") onChange(String(MIN_CART_QUANTITY));
          }}
        />
        <button
          type="button"
          className="quantity-step"
          aria-label="Increase quantity"
          aria-disabled={quantity >= MAX_CART_QUANTITY}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
