// The one way to pay (SPEC.md section 2): a card, through Stripe's hosted payment page.
export function PaymentMethod() {
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section-title">Payment method</legend>
      <label className="payment-option">
        <input type="radio" name="paymentMethod" value="stripe" defaultChecked />
        <span className="payment-option-text">
          <strong>Credit or debit card</strong>
          <span>Paid securely on Stripe's page; your card details never reach our shop.</span>
        </span>
        <span className="payment-option-brand" aria-hidden="true">
          stripe
        </span>
      </label>
    </fieldset>
  );
}
