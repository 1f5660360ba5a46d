import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { callsTo, json } from "./account-helpers";
import {
  codeBox,
  fillAddress,
  fillCart,
  press,
  renderCheckout,
  SESSION_URL,
  START,
  summaryValue,
  VALIDATE,
} from "./checkout-helpers";

beforeEach(() => {
  syncCartSession(null);
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays a creator link's cookie
  document.cookie = "tt_ref=; max-age=0; path=/";
});

describe("affiliate code box", () => {
  const box = codeBox("Affiliate code");
  const codeInput = box.input;
  const status = box.status;
  const apply = () => press("Apply", box.scope());

  it("asks for a code before checking one", async () => {
    fillCart();
    const fetchMock = renderCheckout();
    await apply();
    await waitFor(() => expect(status()).toBe("Please enter a valid affiliate code."));
    expect(callsTo(fetchMock, VALIDATE)).toEqual([]);
  });

  it("says it could not check the code when the call fails, leaving no discount", async () => {
    fillCart();
    renderCheckout(); // no validate-affiliate route: a 404
    fireEvent.change(codeInput(), { target: { value: "MEERA10" } });
    await apply();
    await waitFor(() => expect(status()).toBe("Could not validate affiliate code"));
    expect(summaryValue("Discount")).toBe("$0.00");
    expect(codeInput().disabled).toBe(false);
    expect(box.scope().getByRole("button", { name: "Apply" })).toBeTruthy();
  });

  it("shows the server's reason for refusing a code, or Invalid affiliate code", async () => {
    fillCart();
    let answer = { success: true, valid: false, message: "This code has expired" };
    renderCheckout({ [VALIDATE]: () => json(200, answer) });
    fireEvent.change(codeInput(), { target: { value: "OLD5" } });
    await apply();
    await waitFor(() => expect(status()).toBe("This code has expired"));

    answer = { success: false, valid: true, message: "" };
    await apply();
    await waitFor(() => expect(status()).toBe("Invalid affiliate code"));
    expect(summaryValue("Discount")).toBe("$0.00");
  });

  it("applies a valid code: $10 off by default, locked, and sent with the order", async () => {
    fillCart();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const fetchMock = renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, message: "ok" }),
      [START]: () => json(200, { success: true, session_url: SESSION_URL, message: "ok" }),
    });
    fireEvent.change(codeInput(), { target: { value: " MEERA10 " } });
    await apply();

    const applied = await screen.findByRole<HTMLButtonElement>("button", { name: "Applied" });
    expect(applied.disabled).toBe(true);
    expect(codeInput().disabled).toBe(true);
    expect(status()).toBe("Affiliate code applied!");
    expect(callsTo(fetchMock, VALIDATE)).toEqual([{ code: "MEERA10" }]);
    expect(summaryValue("Discount")).toBe("−$10.00");
    expect(summaryValue("Total")).toBe("$142.84");

    fillAddress();
    await press("Place Order");
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(fetchMock, START)[0]).toMatchObject({
      amount: 142.84,
      tax: 12.99,
      affiliateCode: "MEERA10",
    });
  });

  it("takes the server's discount when it names one", async () => {
    fillCart();
    renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, discount: 15.5, message: "ok" }),
    });
    fireEvent.change(codeInput(), { target: { value: "MEERA15" } });
    await apply();
    await screen.findByRole("button", { name: "Applied" });
    expect(summaryValue("Discount")).toBe("−$15.50");
    expect(summaryValue("Total")).toBe("$137.34");
  });

  it("arrives through a creator link with the link's code already applied", async () => {
    fillCart();
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays a creator link's cookie
    document.cookie = "tt_ref=PRIYA10; path=/";
    const fetchMock = renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, discount: 10, message: "ok" }),
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Applied" })).toBeTruthy());
    expect(codeInput().value).toBe("PRIYA10");
    expect(codeInput().disabled).toBe(true);
    expect(summaryValue("Discount")).toBe("−$10.00");
    expect(callsTo(fetchMock, VALIDATE)).toHaveLength(1);
  });

  it("forgets a creator link's code quietly when the server refuses it", async () => {
    fillCart();
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays a creator link's cookie
    document.cookie = "tt_ref=GONE1234; path=/";
    const fetchMock = renderCheckout({
      [VALIDATE]: () =>
        json(200, { success: true, valid: false, message: "Invalid affiliate code" }),
    });
    await waitFor(() => expect(callsTo(fetchMock, VALIDATE)).toHaveLength(1));
    await waitFor(() => expect(codeInput().value).toBe(""));
    expect(status()).toBeFalsy();
    expect(summaryValue("Discount")).toBe("$0.00");
  });
});
