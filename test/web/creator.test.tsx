import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CreatorProfilePage } from "../../web/routes/creator-profile";
import { CreatorSignupPage } from "../../web/routes/creator-signup";
import {
  callsTo,
  currentLocation,
  expectLoginRequired,
  json,
  openScreen,
  renderScreen,
  sentWhenPressed,
  stubAccountApi,
} from "./account-helpers";
import { expectTexts, press, type } from "./helpers";

const CREATOR = {
  name: "Meera Iyer",
  email: "meera@example.com",
  bio: "Slow living and copper rituals.",
  socials: "https://instagram.com/meera, tiktok.com/@meera",
  payoutEmail: "pay@meera.example",
  affiliateCode: "MEERA10",
  stats: { clicks: 120, sales: 7, earnings: 84.5 },
};

describe("creator signup", () => {
  const fill = () => {
    type(/^Name/, "Meera Iyer");
    type(/^Email/, "meera@example.com");
    type(/^Password/, "correct-horse");
    type(/^Payout email/, "pay@meera.example");
  };

  it("is titled, pitches the programme in four steps and masks the password", () => {
    openScreen("/creator-signup", <CreatorSignupPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Become a Content Creator");
    expect(screen.getByRole("heading", { name: "How it works" })).toBeTruthy();
    expect(document.querySelectorAll(".creator-steps li")).toHaveLength(4);
    expect(screen.getByLabelText(/^Password/).getAttribute("type")).toBe("password");
    expect(screen.getByLabelText(/^Email/).getAttribute("type")).toBe("text");
  });

  it("requires name, email, password and payout email, not socials or bio", async () => {
    const fetchMock = openScreen("/creator-signup", <CreatorSignupPage />);
    await press("Apply as a creator");
    // The creator-register endpoint's own messages (worker/contracts/account.ts).
    for (const message of [
      "Name is required",
      "Please enter your email address",
      "Password must be at least 8 characters",
      "Please enter your payout email address",
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.querySelectorAll(".field-error")).toHaveLength(4);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks both emails' shape as the endpoint does", async () => {
    const fetchMock = openScreen("/creator-signup", <CreatorSignupPage />);
    fill();
    type(/^Email/, "meera-at-home");
    type(/^Payout email/, "pay-at-meera");
    await press("Apply as a creator");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Payout email must be an email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("registers and goes to /login", async () => {
    const fetchMock = openScreen("/creator-signup", <CreatorSignupPage />, {
      "POST /api/user/creator-register": () => json(201, { success: true, message: "ok" }),
    });
    fill();
    type(/^Social links/, " https://instagram.com/meera ");
    expect(
      await sentWhenPressed(
        fetchMock,
        "POST /api/user/creator-register",
        "Apply as a creator",
        "Creator account created! Please log in.",
      ),
    ).toEqual([
      {
        name: "Meera Iyer",
        email: "meera@example.com",
        password: "correct-horse",
        payoutEmail: "pay@meera.example",
        socials: "https://instagram.com/meera",
        bio: "",
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe("/login"));
  });

  it("shows the server's message, or Signup failed", async () => {
    let answer = () => json(409, { success: false, message: "Email already registered" });
    openScreen("/creator-signup", <CreatorSignupPage />, {
      "POST /api/user/creator-register": () => answer(),
    });
    fill();
    await press("Apply as a creator");
    expect((await screen.findAllByText("Email already registered")).length).toBeGreaterThan(0);
    answer = () => json(500, {});
    await press("Apply as a creator");
    expect((await screen.findAllByText("Signup failed")).length).toBeGreaterThan(0);
  });
});

describe("creator profile", () => {
  const serve = (extra: Parameters<typeof stubAccountApi>[0] = {}) =>
    stubAccountApi({
      "GET /api/user/me": () => json(200, { success: true, user: { _id: "c1", ...CREATOR } }),
      "GET /api/user/creator/me": () => json(200, { success: true, creator: CREATOR }),
      ...extra,
    });

  it("redirects to /login without a token", () =>
    expectLoginRequired("/creator-profile", <CreatorProfilePage />));

  it("shows a loading message, then the record, code, share link and stats", async () => {
    localStorage.setItem("token", "t1");
    serve();
    renderScreen("/creator-profile", <CreatorProfilePage />);
    expect(screen.getByText(/Loading your creator profile/)).toBeTruthy();
    expect(await screen.findByText("pay@meera.example")).toBeTruthy();
    expect(screen.getByText("MEERA10")).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/r/MEERA10`)).toBeTruthy();
    expect(screen.getByRole("link", { name: "tiktok.com/@meera" }).getAttribute("href")).toBe(
      "https://tiktok.com/@meera",
    );
    expect(screen.getByText("Slow living and copper rituals.")).toBeTruthy();
    const tiles = [...document.querySelectorAll(".creator-tiles dd")].map((dd) => dd.textContent);
    expect(tiles).toEqual(["120", "7", "$84.50"]);
  });

  it("defaults the tiles to 0", async () => {
    localStorage.setItem("token", "t1");
    serve({
      "GET /api/user/creator/me": () =>
        json(200, { success: true, creator: { ...CREATOR, stats: undefined } }),
    });
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    const tiles = [...document.querySelectorAll(".creator-tiles dd")].map((dd) => dd.textContent);
    expect(tiles).toEqual(["0", "0", "$0.00"]);
  });

  it("copies the affiliate code and says so", async () => {
    localStorage.setItem("token", "t1");
    serve();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    await press("Copy affiliate code");
    expect(await screen.findByText("Affiliate code copied!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith("MEERA10");
    await press("Copy share link");
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/r/MEERA10`),
    );
  });

  it("saves: the button reads Saving... and is disabled until the answer, then view mode", async () => {
    localStorage.setItem("token", "t1");
    let answer: (response: Response) => void = () => {};
    const fetchMock = serve({
      "POST /api/user/creator/update": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    await press("Edit Profile");
    type(/^Bio/, "New bio");
    await press("Save");
    const saving = await screen.findByRole("button", { name: "Saving..." });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    answer(
      json(200, { success: true, creator: { ...CREATOR, bio: "New bio" }, message: "Saved!" }),
    );
    expect(await screen.findByText("Saved!")).toBeTruthy();
    expect(await screen.findByText("New bio")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/update")[0]).toMatchObject({
      bio: "New bio",
    });
  });

  it("asks for the current password only when the email or payout email changes", async () => {
    localStorage.setItem("token", "t1");
    const pending = "Profile updated. We sent a confirmation link to new-pay@meera.example.";
    const fetchMock = serve({
      "POST /api/user/creator/update": () =>
        json(200, { success: true, creator: { ...CREATOR, bio: "New bio" }, message: pending }),
    });
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    await press("Edit Profile");
    type(/^Bio/, "New bio");
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(/^Email/, "other@example.com");
    expect(screen.getByLabelText(/^Current password/)).toBeTruthy();
    type(/^Email/, "meera@example.com");
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(/^Payout email/, "new-pay@meera.example");
    expect(screen.getByLabelText(/^Current password/)).toBeTruthy();
    await press("Save");
    expect(
      screen.getByText("Please enter your current password to change an email address."),
    ).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/update")).toHaveLength(0);
    type(/^Current password/, "creator password");
    await press("Save");
    expect(await screen.findByText(pending)).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/update")[0]).toMatchObject({
      payoutEmail: "new-pay@meera.example",
      currentPassword: "creator password",
    });
    // Until its link is opened, the old payout email stays.
    expect(await screen.findByText("New bio")).toBeTruthy();
    expect(screen.getByText("pay@meera.example")).toBeTruthy();
  });

  it("sends no password when no email changes", async () => {
    localStorage.setItem("token", "t1");
    const fetchMock = serve({
      "POST /api/user/creator/update": () =>
        json(200, { success: true, creator: CREATOR, message: "Profile updated." }),
    });
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    await press("Edit Profile");
    type(/^Email/, "x@example.com");
    type(/^Current password/, "typed then abandoned");
    type(/^Email/, "meera@example.com");
    await press("Save");
    expect(await screen.findByText("Profile updated.")).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/update")[0]).not.toHaveProperty(
      "currentPassword",
    );
  });

  it("checks emails in edit mode and Cancel resets the form", async () => {
    localStorage.setItem("token", "t1");
    const fetchMock = serve();
    renderScreen("/creator-profile", <CreatorProfilePage />);
    await screen.findByText("MEERA10");
    await press("Edit Profile");
    type(/^Email/, "not-an-email");
    type(/^Payout email/, "");
    await press("Save");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/update")).toHaveLength(0);
    await press("Cancel");
    expect(screen.getByText("meera@example.com")).toBeTruthy();
    await press("Edit Profile");
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("meera@example.com");
  });
});

describe("creator profile: the application's status", () => {
  const showAs = async (status: string | undefined, statusNote?: string) => {
    localStorage.setItem("token", "t1");
    openScreen("/creator-profile", <CreatorProfilePage />, {
      "GET /api/user/me": () => json(200, { success: true, user: { _id: "c1", ...CREATOR } }),
      "GET /api/user/creator/me": () =>
        json(200, { success: true, creator: { ...CREATOR, status, statusNote } }),
    });
    await screen.findByText("MEERA10");
  };
  const copyButtons = () => screen.queryAllByRole("button", { name: /^Copy/ });
  const shareLinkShown = () => screen.queryByText(`${window.location.origin}/r/MEERA10`) !== null;

  it("pending: says it is being reviewed and offers no code or link to share", async () => {
    await showAs("pending");
    expect(screen.getByRole("heading", { name: "Application under review" })).toBeTruthy();
    expect(
      screen.getByText(
        /Your application is being reviewed\. We review applications within a week\./,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("Your code and share link start working once your application is approved."),
    ).toBeTruthy();
    expect(copyButtons()).toHaveLength(0);
    expect(shareLinkShown()).toBe(false);
    // The profile itself still works.
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeTruthy();
  });

  it("rejected: says it was not approved, with the shop's note as text", async () => {
    await showAs("rejected", "We are looking for <b>copper</b> creators.");
    expect(screen.getByRole("heading", { name: "Application not approved" })).toBeTruthy();
    expectTexts(screen, [
      /was not approved/,
      "Note from the shop",
      "We are looking for <b>copper</b> creators.",
    ]);
    expect(document.querySelector(".creator-standing b")).toBeNull();
    expect(copyButtons()).toHaveLength(0);
    expect(shareLinkShown()).toBe(false);
  });

  it("suspended: says the account is paused and new orders don't earn, with the note", async () => {
    await showAs("suspended", "Paused while we look into some orders.");
    expect(screen.getByRole("heading", { name: "Creator account paused" })).toBeTruthy();
    expectTexts(screen, [
      /new orders don't earn commission/,
      /Commissions you've already earned stay payable/,
      "Paused while we look into some orders.",
    ]);
    expect(copyButtons()).toHaveLength(0);
    expect(shareLinkShown()).toBe(false);
    // What they earned is still shown.
    const tiles = [...document.querySelectorAll(".creator-tiles dd")].map((dd) => dd.textContent);
    expect(tiles).toEqual(["120", "7", "$84.50"]);
  });

  it.each([
    ["approved", "approved"],
    ["an answer without a status", undefined],
  ])("%s: no status panel, the code and link to copy as before", async (_, status) => {
    await showAs(status, "");
    expect(document.querySelector(".creator-standing")).toBeNull();
    expect(screen.queryByRole("heading", { name: /Application|paused/ })).toBeNull();
    expect(copyButtons()).toHaveLength(2);
    expect(shareLinkShown()).toBe(true);
  });
});
