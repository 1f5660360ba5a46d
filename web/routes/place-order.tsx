// /place-order (SPEC.md section 2): contact and shipping details, the affiliate and discount code
// boxes, the one payment method and the order summary; Place Order hands over to Stripe's page.
import { Link } from "react-router-dom";
import { MAX_AFFILIATE_INPUT_LENGTH } from "../../worker/contracts/affiliate";
import { ORDER_MESSAGES } from "../../worker/contracts/order";
import { MAX_DISCOUNT_CODE_INPUT_LENGTH } from "../../worker/contracts/promotions";
import { CheckoutSteps } from "../features/cart/components/checkout-steps";
import { AddressFields, ContactFields } from "../features/checkout/components/address-fields";
import { CheckoutSummary } from "../features/checkout/components/checkout-summary";
import { CodeBox } from "../features/checkout/components/code-box";
import { PaymentMethod } from "../features/checkout/components/payment-method";
import { usePlaceOrder } from "../features/checkout/use-place-order";
import { paths } from "../lib/paths";
import "../features/account/components/account.css";
import "../features/checkout/components/checkout.css";
import "../components/shop-page.css";
import "./place-order.css";
import type { MetaFunction } from "react-router";
import { FormAlert } from "../components/form-kit";
import { pageMeta, shopOrigin } from "../lib/page-meta";

const FORM_ID = "checkout-form";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Checkout",
    description: "Enter your delivery details and pay securely by card.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function PlaceOrderPage() {
  const checkout = usePlaceOrder();
  const { form, busy } = checkout;
  const blocked = checkout.problems.size > 0;

  return (
    <div className="shop-page checkout-page" aria-busy={checkout.loading}>
      <header className="shop-page-header">
        <p className="eyebrow">Secure checkout</p>
        <h1 className="shop-page-title">Checkout</h1>
      </header>
      <CheckoutSteps current="shipping" />
      {checkout.cancelled ? (
        <p className="checkout-notice" role="status">
          {ORDER_MESSAGES.cancelled}
        </p>
      ) : null}
      <div className="summary-layout">
        {/* noValidate: the schema's messages show beside each field instead of browser bubbles. */}
        <form
          id={FORM_ID}
          ref={form.formRef}
          className="checkout-form"
          aria-label="Delivery details"
          noValidate
          onSubmit={checkout.placeOrder}
        >
          <ContactFields field={form.field} />
          <AddressFields field={form.field} />
          <PaymentMethod />
        </form>
        <aside className="summary-aside checkout-aside" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title" className="summary-aside-title">
            Order summary
          </h2>
          <CheckoutSummary
            items={checkout.items}
            problems={checkout.problems}
            totals={checkout.totals}
            shopDiscount={
              checkout.discount.shopDiscountLabel
                ? {
                    label: checkout.discount.shopDiscountLabel,
                    cents: checkout.totals.shopDiscountCents,
                  }
                : null
            }
            loading={checkout.loading}
          />
          <CodeBox
            box={checkout.affiliate}
            label="Affiliate code"
            name="affiliateCode"
            maxLength={MAX_AFFILIATE_INPUT_LENGTH}
          />
          <CodeBox
            box={checkout.discount}
            label="Discount code"
            name="discountCode"
            maxLength={MAX_DISCOUNT_CODE_INPUT_LENGTH}
          />
          <FormAlert message={checkout.failure} />
          <button
            type="submit"
            form={FORM_ID}
            className="button button-primary button-large"
            disabled={busy || checkout.items.length === 0 || blocked}
            aria-describedby={blocked ? "checkout-blocked" : undefined}
          >
            {busy ? "Redirecting to payment..." : "Place Order"}
          </button>
          {blocked ? (
            <p id="checkout-blocked" className="checkout-blocked" role="status">
              Some items are no longer available as ordered.{" "}
              <Link to={paths.cart}>Update your cart</Link> to continue.
            </p>
          ) : null}
          <p className="summary-aside-note">
            You will pay on Stripe's secure page and come straight back here.
          </p>
        </aside>
      </div>
    </div>
  );
}

export default PlaceOrderPage;
