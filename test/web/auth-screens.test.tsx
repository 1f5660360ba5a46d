import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ForgotPasswordPage } from "../../web/routes/forgot-password";
import { LoginPage } from "../../web/routes/login";
import { ProfilePage } from "../../web/routes/profile";
import { ResetPasswordPage } from "../../web/routes/reset-password";
import { SignupPage } from "../../web/routes/signup";
import { PASSWORD_MESSAGES } from "../../worker/contracts/auth";
import {
  callsTo,
  currentLocation,
  expectLoginRequired,
  json,
  openScreen,
  type Route,
  sentWhenPressed,
} from "./account-helpers";
import { expectTexts, press, type } from "./helpers";

const networkDown = () => {
  throw new TypeError("Failed to fetch");
};
/** The reset-password screen, reached by a link carrying `token`, over `routes`. */
const openReset = (token: string, routes: Record<string, Route> = {}) =>
  openScreen("/reset-password", <ResetPasswordPage />, routes, `/reset-password?token=${token}`);
const ME = { _id: "u1", name: "Asha Rao", email: "asha@example.com", role: "user" };

describe("login screen", () => {
  const fillAndSubmit = async () => {
    type("Email", "asha@example.com");
    type(/^Password/, "correct-horse");
    await press("Sign in");
  };

  it("signs in, stores token and role, says so and goes home", async () => {
    const fetchMock = openScreen("/login", <LoginPage />, {
      "POST /api/user/login": () =>
        json(200, { success: true, accessToken: "t1", role: "user", message: "ok" }),
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    await fillAndSubmit();
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/login")).toEqual([
      { email: "asha@example.com", password: "correct-horse" },
    ]);
    expect(localStorage.getItem("token")).toBe("t1");
    expect(localStorage.getItem("role")).toBe("user");
    await waitFor(() => expect(currentLocation()).toBe("/"));
  });

  it("shows the server's message on failure, without trying a refresh", async () => {
    const fetchMock = openScreen("/login", <LoginPage />, {
      "POST /api/user/login": () =>
        json(401, { success: false, message: "Invalid email or password" }),
    });
    await fillAndSubmit();
    expect((await screen.findAllByText("Invalid email or password")).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, "POST /api/refresh")).toHaveLength(0);
    expect(currentLocation()).toBe("/login");
  });

  it("says something went wrong when the network fails", async () => {
    openScreen("/login", <LoginPage />, { "POST /api/user/login": networkDown });
    await fillAndSubmit();
    expect(
      (await screen.findAllByText("Something went wrong. Please try again.")).length,
    ).toBeGreaterThan(0);
  });

  it("requires email and password, focusing the first missing field", async () => {
    const fetchMock = openScreen("/login", <LoginPage />);
    await press("Sign in");
    // The endpoint's own messages (LoginSchema, worker/contracts/auth.ts).
    expect(screen.getByText("Please enter your email address")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("labels its fields for autofill and links to recovery and signup", () => {
    openScreen("/login", <LoginPage />);
    expect(screen.getByLabelText("Email").getAttribute("autocomplete")).toBe("email");
    expect(screen.getByLabelText(/^Password/).getAttribute("autocomplete")).toBe(
      "current-password",
    );
    expect(screen.getByLabelText(/^Password/).getAttribute("type")).toBe("password");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/signup",
    );
  });
});

describe("signup screen", () => {
  it("creates the account, stores the session and goes home", async () => {
    const fetchMock = openScreen("/signup", <SignupPage />, {
      "POST /api/user/register": () =>
        json(201, { success: true, accessToken: "t2", role: "user", message: "ok" }),
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    type("Full name", "Asha Rao");
    type("Email", "asha@example.com");
    type(/^Password/, "correct-horse");
    expect(
      await sentWhenPressed(
        fetchMock,
        "POST /api/user/register",
        "Create account",
        "Signup successful!",
      ),
    ).toEqual([{ name: "Asha Rao", email: "asha@example.com", password: "correct-horse" }]);
    expect(localStorage.getItem("token")).toBe("t2");
    await waitFor(() => expect(currentLocation()).toBe("/"));
  });

  it("checks each field with the register endpoint's schema before sending", async () => {
    const fetchMock = openScreen("/signup", <SignupPage />);
    type("Email", "asha-at-home");
    type(/^Password/, "short");
    await press("Create account");
    expectTexts(screen, [
      "Name is required",
      "Please enter a valid email address",
      "Password must be at least 8 characters",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Full name"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message, and links to the creator signup", async () => {
    openScreen("/signup", <SignupPage />, {
      "POST /api/user/register": () =>
        json(409, { success: false, message: "An account with this email already exists" }),
    });
    expect(
      screen.getByRole("link", { name: "Become a content creator" }).getAttribute("href"),
    ).toBe("/creator-signup");
    type("Full name", "Asha Rao");
    type("Email", "asha@example.com");
    type(/^Password/, "correct-horse");
    await press("Create account");
    expect(
      (await screen.findAllByText("An account with this email already exists")).length,
    ).toBeGreaterThan(0);
  });
});

/** The Worker's 400 for a common password: the message, on the password field. */
const commonPassword = () =>
  json(400, {
    success: false,
    message: PASSWORD_MESSAGES.common,
    code: "common_password",
    issues: [{ path: "password", message: PASSWORD_MESSAGES.common }],
  });

describe("a common password, which only the Worker knows", () => {
  it("is shown at sign-up, as the Worker words it, and signs nobody in", async () => {
    openScreen("/signup", <SignupPage />, { "POST /api/user/register": commonPassword });
    type("Full name", "Asha Rao");
    type("Email", "asha@example.com");
    type(/^Password/, "Password1");
    await press("Create account");
    expect((await screen.findByRole("alert")).textContent).toBe(PASSWORD_MESSAGES.common);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("is shown when a reset chooses one, staying on the page", async () => {
    openReset("abc123", { "POST /api/user/reset-password": commonPassword });
    type(/^New password/, "iloveyou1");
    type(/^Confirm new password/, "iloveyou1");
    await press("Save new password");
    expect((await screen.findAllByText(PASSWORD_MESSAGES.common)).length).toBeGreaterThan(0);
    expect(currentLocation()).toBe("/reset-password?token=abc123");
  });
});

describe("forgot password screen", () => {
  it("confirms that the link was sent", async () => {
    const fetchMock = openScreen("/forgot-password", <ForgotPasswordPage />, {
      "POST /api/user/forgot-password": () => json(200, { success: true, message: "sent" }),
    });
    type("Email", "asha@example.com");
    expect(
      await sentWhenPressed(
        fetchMock,
        "POST /api/user/forgot-password",
        "Send reset link",
        "Password reset link sent to your email!",
      ),
    ).toEqual([{ email: "asha@example.com" }]);
  });

  it("says something went wrong when the network fails", async () => {
    openScreen("/forgot-password", <ForgotPasswordPage />, {
      "POST /api/user/forgot-password": networkDown,
    });
    type("Email", "asha@example.com");
    await press("Send reset link");
    expect(
      (await screen.findAllByText("Something went wrong. Please try again.")).length,
    ).toBeGreaterThan(0);
  });
});

describe("reset password screen", () => {
  const fill = async (password: string, confirm = password) => {
    type(/^New password/, password);
    type(/^Confirm new password/, confirm);
    await press("Save new password");
  };

  it("sets the new password and goes to /login", async () => {
    const fetchMock = openReset("abc123", {
      "POST /api/user/reset-password": () =>
        json(200, { success: true, message: "Password updated. Please log in." }),
    });
    await fill("new-password-1");
    expect(await screen.findByText("Password updated. Please log in.")).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/reset-password")).toEqual([
      { token: "abc123", password: "new-password-1" },
    ]);
    await waitFor(() => expect(currentLocation()).toBe("/login"));
  });

  it("shows the server's message for an invalid link", async () => {
    openReset("old", {
      "POST /api/user/reset-password": () =>
        json(400, { success: false, message: "This reset link is invalid or has expired" }),
    });
    await fill("new-password-1");
    expect(
      (await screen.findAllByText("This reset link is invalid or has expired")).length,
    ).toBeGreaterThan(0);
  });

  it("checks that both passwords match and are long enough", async () => {
    openReset("abc");
    await fill("short");
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    await fill("long-enough-1", "long-enough-2");
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
  });

  it("says the link is invalid when it has no token", () => {
    openScreen("/reset-password", <ResetPasswordPage />);
    expect(screen.getByRole("alert").textContent).toBe(
      "This reset link is invalid or has expired.",
    );
  });
});

describe("profile screen", () => {
  it("redirects to /login without a token", () => expectLoginRequired("/profile", <ProfilePage />));

  it("shows name and email; Cancel restores them", async () => {
    localStorage.setItem("token", "t1");
    const fetchMock = openScreen("/profile", <ProfilePage />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
    });
    expect(await screen.findByText("asha@example.com")).toBeTruthy();
    await press("Edit Profile");
    type("Name", "Someone Else");
    await press("Cancel");
    expect(screen.getByText("Asha Rao")).toBeTruthy();
    await press("Edit Profile");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Asha Rao");
    expect(callsTo(fetchMock, "POST /api/user/update")).toHaveLength(0);
  });

  it("saves the edit and says so", async () => {
    localStorage.setItem("token", "t1");
    const fetchMock = openScreen("/profile", <ProfilePage />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
      "POST /api/user/update": (body) =>
        json(200, { success: true, user: { ...ME, ...(body as object) }, message: "Updated" }),
    });
    await screen.findByText("asha@example.com");
    await press("Edit Profile");
    type("Name", "Asha R.");
    expect(
      await sentWhenPressed(fetchMock, "POST /api/user/update", "Save", "Profile updated!"),
    ).toEqual([{ name: "Asha R.", email: "asha@example.com" }]);
    expect(await screen.findByText("Asha R.")).toBeTruthy();
  });

  it("shows the server's message, or Update failed when the network fails", async () => {
    localStorage.setItem("token", "t1");
    let answer: () => Response = () =>
      json(409, { success: false, message: "Email already in use" });
    openScreen("/profile", <ProfilePage />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
      "POST /api/user/update": () => answer(),
    });
    await screen.findByText("asha@example.com");
    await press("Edit Profile");
    await press("Save");
    expect((await screen.findAllByText("Email already in use")).length).toBeGreaterThan(0);
    answer = networkDown;
    await press("Save");
    expect((await screen.findAllByText("Update failed")).length).toBeGreaterThan(0);
  });

  it("asks for the current password only when the email changes, and shows the pending message", async () => {
    localStorage.setItem("token", "t1");
    const pending = "Profile updated. We sent a confirmation link to new@example.com.";
    const fetchMock = openScreen("/profile", <ProfilePage />, {
      "GET /api/user/me": () => json(200, { success: true, user: ME }),
      // The email waits for its link: the answer still has the old one.
      "POST /api/user/update": () =>
        json(200, { success: true, user: { ...ME, name: "Asha R." }, message: pending }),
    });
    await screen.findByText("asha@example.com");
    await press("Edit Profile");
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type("Email", " ASHA@example.com ");
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type("Email", "new@example.com");
    const password = screen.getByLabelText(/^Current password/) as HTMLInputElement;
    expect(password.type).toBe("password");
    expect(password.autocomplete).toBe("current-password");
    type("Email", "asha@example.com");
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();

    type("Name", "Asha R.");
    type("Email", "new@example.com");
    await press("Save");
    expect(
      screen.getByText("Please enter your current password to change an email address."),
    ).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/update")).toHaveLength(0);
    type(/^Current password/, "my password");
    expect(await sentWhenPressed(fetchMock, "POST /api/user/update", "Save", pending)).toEqual([
      { name: "Asha R.", email: "new@example.com", currentPassword: "my password" },
    ]);
    expect(await screen.findByText("Asha R.")).toBeTruthy();
    expect(screen.getByText("asha@example.com")).toBeTruthy();
  });

  it("says when the profile could not load", async () => {
    localStorage.setItem("token", "t1");
    openScreen("/profile", <ProfilePage />, {
      "GET /api/user/me": () => json(500, { success: false, message: "Boom" }),
    });
    expect((await screen.findAllByText("Failed to load profile")).length).toBeGreaterThan(0);
  });
});
