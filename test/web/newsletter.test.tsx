import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { NewsletterSignup } from "../../web/features/newsletter/newsletter-signup";
import { NEWSLETTER_MESSAGES } from "../../worker/contracts/newsletter";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers every request with `answer` (or throws it, for a network failure). */
function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function setup() {
  const success = vi.spyOn(toast, "success");
  const error = vi.spyOn(toast, "error");
  render(<NewsletterSignup />);
  const input = screen.getByLabelText("Email address") as HTMLInputElement;
  const button = screen.getByRole("button", { name: "Subscribe" });
  const submit = (email: string) => {
    fireEvent.change(input, { target: { value: email } });
    fireEvent.click(button);
  };
  return { success, error, input, button, submit };
}

describe("newsletter signup", () => {
  it("is a labelled email field for autofill", () => {
    stubFetch(() => json(200, {}));
    const { input } = setup();
    expect(input.type).toBe("email");
    expect(input.autocomplete).toBe("email");
    expect(screen.getByRole("region", { name: "Blessings in your inbox" })).toBeTruthy();
  });

  it.each(["", "   "])("asks for an address without calling the server (%j)", async (email) => {
    const fetchMock = stubFetch(() => json(200, {}));
    const { error, submit } = setup();
    submit(email);

    expect(error).toHaveBeenCalledWith("Please enter your email address");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Email address").getAttribute("aria-invalid")).toBe("true");
  });

  it("checks the address's shape with the Worker's own schema before sending", async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    const { error, submit } = setup();
    submit("priya@example");

    expect(error).toHaveBeenCalledWith("Please enter a valid email address");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("subscribes, asks to confirm from the inbox and clears the field", async () => {
    const fetchMock = stubFetch(() =>
      json(200, { success: true, message: NEWSLETTER_MESSAGES.success, confirm: true }),
    );
    const { success, error, input, submit } = setup();
    submit("  priya@example.com ");

    await waitFor(() => expect(success).toHaveBeenCalledWith("Subscription successful!"));
    expect(error).not.toHaveBeenCalled();
    expect(input.value).toBe("");
    // Double opt-in: the toast is SPEC's, the field says what happens next.
    expect(screen.getByText("Check your inbox to confirm your subscription.")).toBeTruthy();
    expect(screen.queryByText("Subscription successful!")).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/newsletter/subscribe");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "priya@example.com" });
  });

  it("writes the success under the field when no confirmation is pending", async () => {
    stubFetch(() => json(200, { success: true, message: NEWSLETTER_MESSAGES.success }));
    const { success, submit } = setup();
    submit("priya@example.com");

    await waitFor(() => expect(success).toHaveBeenCalledWith("Subscription successful!"));
    expect(screen.getByText("Subscription successful!")).toBeTruthy();
    expect(screen.queryByText("Check your inbox to confirm your subscription.")).toBeNull();
  });

  it("disables the button while the request is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { button, submit } = setup();
    submit("sam@example.com");

    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.textContent).toBe("Subscribing…");
    answer(json(200, { success: true, message: "Subscription successful!" }));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it("says so when the address is already subscribed (400)", async () => {
    stubFetch(() =>
      json(400, {
        success: false,
        message: "Email already subscribed!",
        code: "already_subscribed",
      }),
    );
    const { success, error, input, submit } = setup();
    submit("priya@example.com");

    await waitFor(() => expect(error).toHaveBeenCalledWith("Email already subscribed!"));
    expect(success).not.toHaveBeenCalled();
    expect(input.value).toBe("priya@example.com");
  });

  it("reads a 400 without a code of its own as a duplicate too", async () => {
    stubFetch(() => json(400, { success: false, message: "Bad Request" }));
    const { error, submit } = setup();
    submit("priya@example.com");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Email already subscribed!"));
  });

  it("shows the server's reason for another 400", async () => {
    stubFetch(() =>
      json(400, {
        success: false,
        message: "Please enter a valid email address",
        code: "invalid_input",
      }),
    );
    const { error, submit } = setup();
    submit("not-an-address");

    await waitFor(() => expect(error).toHaveBeenCalledWith("Please enter a valid email address"));
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
  });

  it("uses the response's message when a 2xx lacks the success flag", async () => {
    stubFetch(() => json(200, { success: false, message: "Subscriptions are paused today" }));
    const { error, submit } = setup();
    submit("sam@example.com");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Subscriptions are paused today"));
  });

  it("falls back to a generic message when a 2xx says nothing", async () => {
    stubFetch(() => json(200, {}));
    const { error, submit } = setup();
    submit("sam@example.com");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Email submission failed"));
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["the server errs", () => json(500, { success: false, message: "Something went wrong." })],
  ])("asks to try again when %s", async (_case, answer) => {
    stubFetch(answer);
    const { error, input, submit } = setup();
    submit("sam@example.com");

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Email submission failed. Please try again."),
    );
    expect(input.value).toBe("sam@example.com");
  });
});
