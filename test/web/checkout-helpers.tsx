// The checkout screen under test: a guest cart to check out, the address filled in, the screen
// rendered with the Worker's answers stubbed by "METHOD /path", and the summary read back.
import { screen, within } from "@testing-library/react";
import { addToGuestCart } from "../../web/features/cart/guest-cart";
import { PlaceOrderPage } from "../../web/routes/place-order";
import { openScreen, type Route } from "./account-helpers";
import { makeProduct, type } from "./helpers";

export const START = "POST /api/order/createStripeSession";
export const VALIDATE = "POST /api/user/validate-affiliate";
export const VALIDATE_DISCOUNT = "POST /api/order/validate-discount";
export const SESSION_URL = "https://checkout.stripe.com/c/pay/cs_test_a1";

export { press, type } from "./helpers";
export const summary = () => within(screen.getByRole("complementary"));
export const summaryValue = (label: string) =>
  summary().getByText(label).nextElementSibling?.textContent;

/** One of the checkout's code boxes ("Affiliate code", "Discount code"): its form, input and notice. */
export function codeBox(name: "Affiliate code" | "Discount code") {
  const input = () => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${name}`));
  const form = () => input().closest("form") as HTMLFormElement;
  return {
    scope: () => within(form()),
    input,
    status: () => form().querySelector("[role=status]")?.textContent,
    button: () => within(form()).getByRole<HTMLButtonElement>("button"),
  };
}

/** Two lines: 2 x $19.95 and 1 x $89.95, so subtotal $129.85, tax $12.99, total $152.84. */
export function fillCart() {
  addToGuestCart(makeProduct(1, { name: "Brass Ganesha", finalPrice: 19.95 }), 2);
  addToGuestCart(makeProduct(2, { name: "Surya Wall Hanging", finalPrice: 89.95 }), 1);
}

export function fillAddress() {
  type(/^Email/, " Asha@Example.com ");
  type(/^First name/, "Asha");
  type(/^Last name/, "Rao");
  type(/^Address line 1/, "12 Fig Tree Lane");
  type(/^City/, "Brisbane");
  type(/^State/, "QLD");
  type(/^Zipcode/, "4000");
  type(/^Phone/, "0400 123 456");
}

export function renderCheckout(answers: Record<string, Route> = {}, at = "/place-order") {
  return openScreen("/place-order", <PlaceOrderPage />, answers, at);
}
