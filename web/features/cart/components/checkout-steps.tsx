// The three-step progress indicator of the cart and checkout screens (SPEC.md sections 2 and 4).
import { Beads } from "../../../components/beads";
import "./checkout-steps.css";

export type CheckoutStep = "cart" | "shipping" | "placed";

const STEPS: { key: CheckoutStep; label: string }[] = [
  { key: "cart", label: "Cart" },
  { key: "shipping", label: "Shipping" },
  { key: "placed", label: "Placed" },
];

/** Steps before the current one are done; on "placed" every step is done (all green). */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  return (
    <nav aria-label="Checkout progress" className="checkout-steps">
      <Beads
        steps={STEPS}
        at={STEPS.findIndex(({ key }) => key === current)}
        currentDone={current === "placed"}
        className="checkout-steps-beads"
      />
    </nav>
  );
}
