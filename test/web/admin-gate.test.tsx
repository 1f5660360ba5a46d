// The back-office's door: signed out, not an admin, a second factor to pass or to set up, and a
// factor that lapses while a screen is open.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { groupSecret } from "../../web/admin/gate/second-factor";
import { SECOND_FACTOR_MESSAGES } from "../../worker/contracts/admin";
import {
  json,
  makeProduct,
  OPEN,
  openAdmin,
  renderAdmin,
  signIn,
  stubAdminApi,
} from "./admin-helpers";
import { press, type } from "./helpers";

const PRODUCTS = {
  "GET /api/admin/products": () =>
    json(200, { success: true, products: [makeProduct()], total: 1 }),
};

const status = (secondFactor: { enrolled: boolean; required: boolean; verified: boolean }) =>
  json(200, { success: true, secondFactor });

const PASSWORD = "admin-demo-2026";

/** The Worker's answer to enrolment's `password` when it asks for one: null when it is right. */
const passwordRefusal = (password: unknown) => {
  if (password === undefined) {
    return json(400, {
      success: false,
      message: SECOND_FACTOR_MESSAGES.passwordRequired,
      code: "password_required",
      issues: [{ path: "password", message: SECOND_FACTOR_MESSAGES.passwordRequired }],
    });
  }
  if (password === PASSWORD) return null;
  return json(403, {
    success: false,
    message: SECOND_FACTOR_MESSAGES.wrongPassword,
    code: "wrong_password",
  });
};

/**
 * An admin without an app whose sign-in is too old to enrol on: the password is asked for at the
 * code, and (`atStart`) at the start too, as when the sign-in was already old.
 */
function openEnrolmentAskingPassword({ atStart }: { atStart: boolean }) {
  let enrolled = false;
  const passwordOf = (body: unknown) => (body as { password?: string }).password;
  return openAdmin("/products", {
    ...PRODUCTS,
    "GET /api/admin/second-factor": () => status({ enrolled, required: true, verified: enrolled }),
    "POST /api/admin/second-factor/enrol": ({ body }) =>
      (atStart ? passwordRefusal(passwordOf(body)) : null) ??
      json(200, { success: true, secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/x" }),
    "POST /api/admin/second-factor/confirm": ({ body }) => {
      const refused = passwordRefusal(passwordOf(body));
      if (refused) return refused;
      enrolled = true;
      return json(200, { success: true });
    },
  });
}

const startEnrolment = async () => {
  await screen.findByRole("button", { name: "Set up an authenticator app" });
  await press("Set up an authenticator app");
};

describe("the back-office gate", () => {
  it("asks a visitor who is signed out to sign in, then opens on the products", async () => {
    const api = stubAdminApi({
      ...OPEN,
      ...PRODUCTS,
      "POST /api/user/login": () =>
        json(200, { success: true, accessToken: "fresh-token", role: "admin" }),
    });
    renderAdmin("/products");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Sign in · Back-office"));
    // A forgotten password is reset on the shop, as for any account.
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    // Nothing of the back-office is asked for before signing in.
    expect(api.calls.filter((c) => c.path.startsWith("/api/admin"))).toHaveLength(0);

    await press("Sign in");
    expect(await screen.findByText("Please enter your email address")).toBeTruthy();
    expect(api.callsTo("POST", "/api/user/login")).toHaveLength(0);

    type("Email", "Owner@Example.com");
    type("Password", "admin-demo-2026");
    await press("Sign in");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/user/login")[0]?.body).toEqual({
      email: "owner@example.com",
      password: "admin-demo-2026",
    });
    expect(localStorage.getItem("token")).toBe("fresh-token");
    // The same session as the shop: the token goes in the header of every back-office call.
    const check = api.callsTo("GET", "/api/admin/second-factor")[0];
    expect(check?.headers.get("token")).toBe("fresh-token");
    expect(await screen.findByText("owner@example.com")).toBeTruthy();
  });

  it("shows the server's reason when the sign-in is refused", async () => {
    stubAdminApi({
      "POST /api/user/login": () =>
        json(401, { success: false, message: "Invalid email or password" }),
    });
    renderAdmin("/products");
    type(await screen.findByLabelText("Email").then(() => "Email"), "owner@example.com");
    type("Password", "wrong-password");
    await press("Sign in");
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("tells an account that is not an admin it has no access, and signs it out", async () => {
    signIn("user");
    const api = stubAdminApi({
      "GET /api/admin/second-factor": () =>
        json(403, {
          success: false,
          message: "This needs a back-office account.",
          code: "forbidden",
        }),
      "POST /api/logout": () => json(200, { success: true }),
    });
    renderAdmin("/products/new");
    expect(
      await screen.findByRole("heading", { name: "This account has no back-office access" }),
    ).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Back-office" })).toBeNull();
    expect(api.callsTo("GET", "/api/admin/products")).toHaveLength(0);

    await press("Sign out");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
    expect(api.callsTo("POST", "/api/logout")).toHaveLength(1);
  });

  it("asks an enrolled admin for the code before anything else, and opens once it passes", async () => {
    let verified = false;
    const { api } = openAdmin("/products", {
      ...PRODUCTS,
      "GET /api/admin/second-factor": () => status({ enrolled: true, required: true, verified }),
      "POST /api/admin/second-factor/verify": ({ body }) => {
        if ((body as { code: string }).code !== "123456") {
          return json(400, { success: false, message: "Wrong code", code: "invalid_code" });
        }
        verified = true;
        return json(200, { success: true });
      },
    });
    expect(await screen.findByRole("heading", { name: "Enter your code" })).toBeTruthy();
    const code = screen.getByLabelText("6-digit code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");

    type("6-digit code", "12345");
    await press("Verify");
    expect(await screen.findByText("Code must be the 6 digits your app shows")).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/verify")).toHaveLength(0);

    type("6-digit code", "654321");
    await press("Verify");
    expect(await screen.findByText(/That code did not match/)).toBeTruthy();
    expect(verified).toBe(false);

    type("6-digit code", "123 456");
    await press("Verify");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/verify").at(-1)?.body).toEqual({
      code: "123456",
    });
  });

  it("says so when the code has been tried too often", async () => {
    signIn();
    stubAdminApi({
      "GET /api/admin/second-factor": () =>
        status({ enrolled: true, required: true, verified: false }),
      "POST /api/admin/second-factor/verify": () =>
        json(429, {
          success: false,
          message: "Too many attempts. Please wait 4 minute(s) and try again.",
          code: "rate_limited",
        }),
    });
    renderAdmin("/products");
    type(await screen.findByLabelText("6-digit code").then(() => "6-digit code"), "123456");
    await press("Verify");
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
  });

  it("walks an admin who has no authenticator app through enrolment, then opens", async () => {
    let enrolled = false;
    const { api } = openAdmin("/products", {
      ...PRODUCTS,
      "GET /api/admin/second-factor": () =>
        status({ enrolled, required: true, verified: enrolled }),
      "POST /api/admin/second-factor/enrol": () =>
        json(200, {
          success: true,
          secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/Tamra%20%26%20Tara:owner%40example.com?secret=JBSW",
        }),
      "POST /api/admin/second-factor/confirm": () => {
        enrolled = true;
        return json(200, { success: true });
      },
    });
    expect(await screen.findByRole("heading", { name: "Set up two-step sign-in" })).toBeTruthy();
    // Enrolment makes a new secret: it starts only when asked.
    expect(api.callsTo("POST", "/api/admin/second-factor/enrol")).toHaveLength(0);

    await press("Set up an authenticator app");
    expect((await screen.findByTestId("second-factor-secret")).textContent).toBe(
      "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP",
    );
    expect(
      screen.getByRole("link", { name: "Open in authenticator app" }).getAttribute("href"),
    ).toBe("otpauth://totp/Tamra%20%26%20Tara:owner%40example.com?secret=JBSW");

    type("6-digit code", "246810");
    await press("Confirm and turn on");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/confirm")[0]?.body).toEqual({
      code: "246810",
    });
  });

  it("asks for the password when the sign-in is not recent, and sends it with the first code", async () => {
    const { api } = openEnrolmentAskingPassword({ atStart: true });
    await startEnrolment();
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.passwordRequired)).toBeTruthy();
    const field = screen.getByLabelText("Your password");
    expect(field.getAttribute("type")).toBe("password");
    expect(field.getAttribute("autocomplete")).toBe("current-password");
    // Nothing typed: said on the field, nothing sent.
    await press("Set up an authenticator app");
    expect(await screen.findByText("Password is required")).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/enrol")).toHaveLength(1);

    type("Your password", "not it");
    await press("Set up an authenticator app");
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.wrongPassword)).toBeTruthy();
    expect(screen.queryByTestId("second-factor-secret")).toBeNull();

    type("Your password", PASSWORD);
    await press("Set up an authenticator app");
    expect(await screen.findByTestId("second-factor-secret")).toBeTruthy();
    type("6-digit code", "246810");
    await press("Confirm and turn on");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/enrol").at(-1)?.body).toEqual({
      password: PASSWORD,
    });
    expect(api.callsTo("POST", "/api/admin/second-factor/confirm")[0]?.body).toEqual({
      code: "246810",
      password: PASSWORD,
    });
  });

  it("asks for the password at the code when the sign-in grew old while setting up", async () => {
    const { api } = openEnrolmentAskingPassword({ atStart: false });
    await startEnrolment();
    expect(api.callsTo("POST", "/api/admin/second-factor/enrol")[0]?.body).toEqual({});
    type(await screen.findByLabelText("6-digit code").then(() => "6-digit code"), "246810");
    await press("Confirm and turn on");
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.passwordRequired)).toBeTruthy();
    type("Your password", PASSWORD);
    await press("Confirm and turn on");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/admin/second-factor/confirm").at(-1)?.body).toEqual({
      code: "246810",
      password: PASSWORD,
    });
  });

  it("shows the code screen when a screen's call says the factor has lapsed", async () => {
    let lapsed = false;
    openAdmin("/products", {
      "GET /api/admin/second-factor": () =>
        status({ enrolled: true, required: true, verified: !lapsed }),
      "GET /api/admin/products": () => {
        lapsed = true;
        return json(403, {
          success: false,
          message: "Enter the code from your authenticator app to open the back-office.",
          code: "second_factor_required",
        });
      },
    });
    expect(await screen.findByRole("heading", { name: "Enter your code" })).toBeTruthy();
  });

  it("offers Try again when the back-office cannot be reached", async () => {
    let up = false;
    openAdmin("/products", {
      ...PRODUCTS,
      "GET /api/admin/second-factor": () =>
        up
          ? status({ enrolled: false, required: false, verified: false })
          : json(503, { success: false, message: "Database unavailable" }),
    });
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    up = true;
    await press("Try again");
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
  });

  it("renews an expired token once, and asks to sign in again when it cannot", async () => {
    let renewed = false;
    const { api, unmount } = openAdmin("/products", {
      ...PRODUCTS,
      "GET /api/admin/second-factor": ({ headers }) =>
        headers.get("token") === "renewed-token"
          ? status({ enrolled: false, required: false, verified: false })
          : json(401, { success: false, message: "Token expired", code: "unauthorized" }),
      "POST /api/refresh": () => {
        if (renewed) return json(401, { success: false, message: "No session" });
        renewed = true;
        return json(200, { success: true, accessToken: "renewed-token" });
      },
    });
    expect(await screen.findByRole("heading", { name: "Products" })).toBeTruthy();
    expect(localStorage.getItem("token")).toBe("renewed-token");
    unmount();

    // The refresh cookie is gone too: the sign-in form, where the admin was, and no shop page.
    localStorage.setItem("token", "stale-token");
    const { router } = renderAdmin("/products/new");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(await screen.findByText("Session expired, please log in again.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/products/new");
    expect(api.callsTo("POST", "/api/refresh")).toHaveLength(2);
  });

  it("writes a setup key in groups of four", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("ABCDEF")).toBe("ABCD EF");
  });
});

describe("Security", () => {
  it("lets an admin without a factor enrol from the Security screen", async () => {
    let enrolled = false;
    openAdmin("/security", {
      "GET /api/admin/second-factor": () =>
        status({ enrolled, required: enrolled, verified: enrolled }),
      "POST /api/admin/second-factor/enrol": () =>
        json(200, { success: true, secret: "ABCDEFGHABCDEFGH", otpauthUrl: "otpauth://totp/x" }),
      "POST /api/admin/second-factor/confirm": () => {
        enrolled = true;
        return json(200, { success: true });
      },
    });
    expect(await screen.findByRole("heading", { name: "Security" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Security · Back-office"));
    expect(screen.getByText("Off")).toBeTruthy();
    await press("Set up an authenticator app");
    type(await screen.findByLabelText("6-digit code").then(() => "6-digit code"), "111222");
    await press("Confirm and turn on");
    await waitFor(() => expect(screen.getByText("On")).toBeTruthy());
    expect(screen.getByText(/This sign-in has passed it/)).toBeTruthy();
  });
});
