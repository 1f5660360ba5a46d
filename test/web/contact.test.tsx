import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { ContactPage, meta } from "../../web/routes/contact";
import type { FaqDto } from "../../worker/contracts/catalogue";
import { expectTexts, press } from "./helpers";
import { metaTitle } from "./routes";

const FAQS: FaqDto[] = [
  {
    _id: "faq1",
    title: "How long does shipping take?",
    content: "3-7 business days.",
    isActive: true,
  },
  { _id: "faq2", title: "Can I return an item?", content: "Within 7 days.", isActive: false },
];

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Answers GET /api/faq and POST /api/contact/submit; returns the mock to read what was sent. */
function stubApi({ faqs = FAQS, submit }: { faqs?: FaqDto[] | "fail"; submit?: Answer } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = ({ status, body }: { status: number; body: unknown }) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    if (url.endsWith("/api/faq")) {
      return faqs === "fail"
        ? json({ status: 500, body: { success: false, message: "Down" } })
        : json({ status: 200, body: { success: true, faqs } });
    }
    if (url.endsWith("/api/contact/submit") && init?.method === "POST" && submit) {
      return json(await submit);
    }
    throw new Error(`unexpected fetch ${init?.method} ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const SENT = {
  status: 200,
  body: { success: true, message: "Message sent successfully! We'll get back to you soon." },
};

function renderContact() {
  render(
    <MemoryRouter>
      <ContactPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fillForm(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(input(new RegExp(`^${label}`)), { target: { value } });
  }
}

const VALID = {
  "First name": "Asha",
  "Last name": "Patel",
  Email: " Asha@Example.com ",
  Message: "Do you ship copper jugs to Hobart?",
};

const submit = () => press("Send Message");

describe("contact page", () => {
  it("introduces the shop and lists the ways to reach it", async () => {
    stubApi();
    renderContact();

    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    for (const name of ["Our mission", "Our story", "Our promise", "Get in touch"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    expect(screen.getAllByText(/Moradabad/).length).toBeGreaterThan(0);
    expect(screen.getByText("Brisbane, Queensland, Australia")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "hello@tamraandtara.com.au" }).getAttribute("href"),
    ).toBe("mailto:hello@tamraandtara.com.au");
    expect(screen.getByRole("link", { name: /\(07\)/ }).getAttribute("href")).toMatch(/^tel:\+61/);
    expectTexts(screen, [
      "Mon-Fri 9AM-6PM AEST",
      "Sat-Sun 10AM-4PM AEST",
      /within 1-2 business days\.$/,
    ]);

    const socials = {
      TikTok: "https://www.tiktok.com/@tamraandtara",
      Facebook: "https://www.facebook.com/tamraandtara",
      Instagram: "https://www.instagram.com/tamraandtara",
    };
    for (const [name, href] of Object.entries(socials)) {
      const link = screen.getByRole("link", { name: new RegExp(`^${name}`) });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(metaTitle(meta, "/contact")).toBe("About & Contact — Tamra & Tara");
    await screen.findByRole("button", { name: FAQS[0]?.title });
  });
});

describe("FAQ accordion", () => {
  it("starts active entries open and toggles each one", async () => {
    stubApi();
    renderContact();

    const shipping = await screen.findByRole("button", { name: "How long does shipping take?" });
    const returns = screen.getByRole("button", { name: "Can I return an item?" });
    const panel = (button: HTMLElement) =>
      document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;

    expect(shipping.getAttribute("aria-expanded")).toBe("true");
    expect(panel(shipping).hidden).toBe(false);
    expect(panel(shipping).textContent).toBe("3-7 business days.");
    expect(returns.getAttribute("aria-expanded")).toBe("false");
    expect(panel(returns).hidden).toBe(true);

    fireEvent.click(returns);
    expect(returns.getAttribute("aria-expanded")).toBe("true");
    expect(panel(returns).hidden).toBe(false);
    fireEvent.click(shipping);
    expect(shipping.getAttribute("aria-expanded")).toBe("false");
    expect(panel(shipping).hidden).toBe(true);
    expect(shipping.closest("h3")).toBeTruthy();
  });

  it("offers a retry when the questions cannot be loaded", async () => {
    stubApi({ faqs: "fail" });
    renderContact();
    expect(await screen.findByText(/Our answers could not be loaded/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("contact form", () => {
  it("labels every field with the schema's limits and the right keyboard", async () => {
    stubApi();
    renderContact();
    const expected = [
      ["First name", "text", "given-name", "100", true],
      ["Last name", "text", "family-name", "100", true],
      ["Email", "email", "email", "254", true],
      ["Phone", "tel", "tel", "30", false],
    ] as const;
    for (const [label, type, autocomplete, maxLength, required] of expected) {
      const field = input(new RegExp(`^${label}`));
      expect(field.getAttribute("type"), label).toBe(type);
      expect(field.getAttribute("autocomplete"), label).toBe(autocomplete);
      expect(field.getAttribute("maxlength"), label).toBe(maxLength);
      expect(field.required, label).toBe(required);
    }
    const message = screen.getByLabelText("Message") as HTMLTextAreaElement;
    expect(message.tagName).toBe("TEXTAREA");
    expect(message.required).toBe(true);
    expect(message.getAttribute("maxlength")).toBe("5000");
    await screen.findByRole("button", { name: FAQS[0]?.title });
  });

  it("shows what is missing beside each field without sending", async () => {
    const fetchMock = stubApi();
    renderContact();
    fillForm({ Email: "not-an-email" });
    await submit();

    const first = input(/^First name/);
    expect(first.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(first.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe("First name is required");
    expectTexts(screen, [
      "Last name is required",
      "Please enter a valid email address",
      "Message is required",
    ]);
    expect(input(/^Phone/).getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(first);

    fireEvent.change(first, { target: { value: "Asha" } });
    expect(first.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("First name is required")).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.every(([url]) => String(url).endsWith("/api/faq"))).toBe(true);
  });

  it("sends the message, disables the button meanwhile, then thanks and resets", async () => {
    let answer: (value: typeof SENT) => void = () => {};
    const fetchMock = stubApi({ submit: new Promise((resolve) => (answer = resolve)) });
    renderContact();
    fillForm(VALID);
    await submit();

    const button = await screen.findByRole("button", { name: "Sending…" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/submit")) ?? [];
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: "Asha",
      lastName: "Patel",
      email: "asha@example.com",
      message: "Do you ship copper jugs to Hobart?",
    });

    await act(async () => answer(SENT));
    expect(
      await screen.findByText("Message sent successfully! We'll get back to you soon."),
    ).toBeTruthy();
    expect(input(/^First name/).value).toBe("");
    expect(input(/^Email/).value).toBe("");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Send Message" })).toHaveProperty("disabled", false);
    expect(screen.getByText(/Thank you, Asha/)).toBeTruthy();
  });

  it("keeps the message and says so when sending fails", async () => {
    stubApi({ submit: { status: 502, body: { success: false, message: "Email service down" } } });
    renderContact();
    fillForm({ ...VALID, Phone: "+61 7 5550 1234" });
    await submit();

    expect(await screen.findByText("Failed to send message. Please try again.")).toBeTruthy();
    expect(input(/^First name/).value).toBe("Asha");
    expect(input(/^Phone/).value).toBe("+61 7 5550 1234");
    expect(screen.getByRole("button", { name: "Send Message" })).toHaveProperty("disabled", false);
  });

  it("puts the server's field issues beside their fields", async () => {
    stubApi({
      submit: {
        status: 400,
        body: {
          success: false,
          message: "Please enter a valid email address",
          code: "invalid_input",
          issues: [{ path: "email", message: "Please enter a valid email address" }],
        },
      },
    });
    renderContact();
    fillForm(VALID);
    await submit();

    expect(await screen.findByText("Failed to send message. Please try again.")).toBeTruthy();
    const email = input(/^Email/);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const described = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("Please enter a valid email address");
    expect(within(email.closest(".field") as HTMLElement).getByText(/valid email/)).toBeTruthy();
    expect(document.activeElement).toBe(email);
  });
});
