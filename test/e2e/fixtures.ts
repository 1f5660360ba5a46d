// What every journey shares: accounts it creates and removes again (through the development-only
// /api/dev/forget), and the steps several journeys take (cart, address, the Stripe sandbox page).
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** An HTML/JS probe put into every text field that is shown back: it must never run. */
export const XSS = `<img src=x onerror="window.__xss=1">`;

interface People {
  /** A new, unique address for this journey; forgotten after it. */
  email(prefix: string): string;
  /** Forgets an address someone else made (a creator's own sign-up, say) after the journey. */
  track(email: string): void;
}

export const test = base.extend<{ people: People }>({
  people: async ({ request }, use) => {
    const emails: string[] = [];
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await use({
      email(prefix) {
        const email = `${prefix}-${tag}@e2e.example.com`;
        emails.push(email);
        return email;
      },
      track(email) {
        emails.push(email);
      },
    });
    const res = await request.post("/api/dev/forget", { data: { emails } });
    expect(res.ok(), "journey data forgotten").toBe(true);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(recordToasts);
    // A shop page's buttons work once React has taken the page over, which may come after its
    // first paint (web/app/after-paint.js): a journey that opens a page waits for that state
    // before it presses anything, as a person waits for a page to respond.
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    // A probe that fires sets window.__xss; dialogs would mean script ran too.
    page.on("dialog", (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
    await use(page);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  },
});

/** Waits until React has taken the shop page over (`html[data-hydrated]`, web/root.tsx). */
export const appReady = (page: Page) =>
  page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
  );

export const dollars = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

/** Opens the product called `name` from the collection and adds `quantity` to the cart. */
export async function addProduct(page: Page, name: string, quantity = 1) {
  await page.goto("/collection");
  await page.getByRole("searchbox", { name: "Search products" }).fill(name);
  await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
  await page
    .getByRole("link", { name: new RegExp(escapeRe(name)) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole("button", { name: "Increase quantity" }).click();
  }
  const before = await cartCount(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // The toast lasts a second; the cart count is what stays.
  await expect(cartLink(page, before + quantity)).toBeVisible();
}

/**
 * Keeps the text of every toast the page shows in window.__toasts: toasts close after a second,
 * so a journey checks what was said, not what is still on screen.
 */
function recordToasts() {
  const said: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = said;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        for (const toast of [node, ...node.querySelectorAll<HTMLElement>(".Toastify__toast")]) {
          if (toast.classList.contains("Toastify__toast")) said.push(toast.textContent ?? "");
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The page showed a toast saying `text` (since it last loaded). */
export const expectToast = (page: Page, text: string) =>
  expect
    .poll(() => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts), {
      message: `toast "${text}"`,
    })
    .toContainEqual(expect.stringContaining(text));

const CART_LINK = /^Cart, (\d+) items?$/;

/** The navbar's cart link, saying `count` items. */
export const cartLink = (page: Page, count: number) =>
  page.getByRole("link", { name: `Cart, ${count} item${count === 1 ? "" : "s"}`, exact: true });

export async function cartCount(page: Page): Promise<number> {
  const label = await page.getByRole("link", { name: CART_LINK }).getAttribute("aria-label");
  return Number(CART_LINK.exec(label ?? "")?.[1] ?? Number.NaN);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface AddressInput {
  firstName?: string;
  lastName?: string;
  email: string;
  street?: string;
  city?: string;
}

/** Fills the checkout's contact and shipping fields. */
export async function fillAddress(page: Page, a: AddressInput) {
  await page.getByLabel("First name").fill(a.firstName ?? "Meera");
  await page.getByLabel("Last name").fill(a.lastName ?? "Iyer");
  await page.getByLabel("Email", { exact: true }).fill(a.email);
  await page.getByLabel("Phone").fill("0400 000 000");
  await page.getByLabel(/Address line 1/).fill(a.street ?? "12 Boundary Street");
  await page.getByLabel("City").fill(a.city ?? "Brisbane");
  await page.getByLabel("State").fill("QLD");
  await page.getByLabel("Zipcode").fill("4000");
}

/** On the Stripe sandbox's hosted page: pays with the card, or cancels. */
export async function payInSandbox(page: Page, card = "4242 4242 4242 4242") {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
}

/** A figure of the order summary ("Subtotal", "Total", ...), in dollars. */
export const summaryValue = async (page: Page, label: string) =>
  dollars(
    await page
      .locator("dt", { hasText: new RegExp(`^${escapeRe(label)}`) })
      .locator("xpath=following-sibling::dd[1]")
      .first()
      .textContent(),
  );

/** Signs up through the sign-up screen and lands home signed in. */
export async function signUp(page: Page, email: string, name = "Asha Patel", password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(name);
  await submitCredentials(page, email, password, "Create account", "Signup successful!");
}

/** Signs in through the sign-in screen. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await submitCredentials(page, email, password, "Sign in", "Login successful!");
}

/** Fills the email and password of the screen open, submits it, and lands home signed in. */
async function submitCredentials(
  page: Page,
  email: string,
  password: string,
  button: string,
  toast: string,
) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: button }).click();
  await expectToast(page, toast);
  // Signed in is not yet home: the home screen's code may still be loading.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Your account" })).toBeVisible();
}

/** Opens the account menu from the header; returns its dialog. */
export async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Your account" }).click();
  return page.getByRole("dialog", { name: "Your account" });
}

/** Archives the product open in the back-office, confirming in its dialog. */
export async function archiveProduct(page: Page) {
  await page.getByRole("button", { name: "Archive" }).first().click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Archive/ })
    .click();
  await expectToast(page, "Archived");
}

export const PASSWORD = "a long enough password";

export const ADMIN = { email: "admin@example.com", password: "admin-demo-2026" };

/** Signs the owner in at /admin (locally the demo admin needs no second factor). */
export async function openBackOffice(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Back-office" })).toBeVisible();
}

/** The owner approves the creator who applied with `email`, from the back-office's Creators. */
export async function approveCreator(page: Page, email: string) {
  await openBackOffice(page);
  await page
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Creators" })
    .click();
  await page.getByLabel("Name, email or code").fill(email);
  await page.getByLabel("Name, email or code").press("Enter");
  const card = page.getByRole("article").filter({ hasText: email });
  await card.getByRole("button", { name: /^Approve/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(card.getByText("Approved").first()).toBeVisible();
}
