// The three-step progress indicator of the cart and checkout screens (SPEC.md sections 2 and 4).
import "./checkout-steps.css";

export type CheckoutStep = "cart" | "shipping" | "placed";

const STEPS: { step: CheckoutStep; label: string }[] = [
  { step: "cart", label: "Cart" },
  { step: "shipping", label: "Shipping" },
  { step: "placed", label: "Placed" },
];

/** Steps before the current one are done; on "placed" every step is done (all green). */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const at = STEPS.findIndex(({ step }) => step === current);
  return (
    <nav aria-label="Checkout progress" className="checkout-steps">
      <ol>
        {STEPS.map(({ step, label }, index) => {
          const done = index < at || current === "placed";
          const state = done ? "is-done" : index === at ? "is-current" : "is-todo";
          return (
            <li
              key={step}
              className={`checkout-step ${state}`}
              aria-current={index === at ? "step" : undefined}
            >
              <span className="checkout-step-mark" aria-hidden="true">
                {done ? "✓" : index + 1}
              </span>
              <span className="checkout-step-label">{label}</span>
              {done ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
