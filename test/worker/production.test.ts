/// <reference types="vite/client" />
// A production deploy refuses unsafe settings: the environment check refuses what is published in
// this repository or only safe on a laptop, the development routes exist only at a loopback host in
// development, and every purpose signs with its own key derived from JWT_SECRET.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
import { users } from "../../worker/db/schema";
import { assertEnv, parseEnv } from "../../worker/env";
import worker from "../../worker/index";
import { keyFor } from "../../worker/lib/keys";
import { signMessage, toB64url } from "../../worker/lib/tokens";
import { visitorHash } from "../../worker/modules/creators/clicks";
import { JWT_AUDIENCE, JWT_ISSUER } from "../../worker/modules/identity/sessions";
import { invoiceUrl, isValidInvoiceLink } from "../../worker/modules/orders/invoice";
import { asUser, register } from "./helpers/accounts";
import { db } from "./helpers/factories";
import { TEST_STRIPE } from "./stripe-test-env";

/** What `npm start` copies to .dev.vars on first run (worker/scripts/local.ts). */
const example: Record<string, string> = Object.fromEntries(
  [...devVarsExample.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map(([, k, v]) => [k, v]),
);

/** A production environment as `wrangler deploy` would give it, with secrets nobody has seen. */
const production = {
  ENVIRONMENT: "production",
  APP_ORIGIN: "https://tamraandtara.com.au",
  JWT_SECRET: "Q3m9vX2pL8rT4wZ7yB1nC6kF0hJ5sD2gA9eR3uI7oP4",
  EMAIL_FROM: "Tamra & Tara <hello@tamraandtara.com.au>",
  SHOP_INBOX_EMAIL: "hello@tamraandtara.com.au",
  RESEND_API_KEY: "re_4Kd9sLm2Qp7Xv3Nz8Rt5Wb1Yc6Hf0Ja",
  STRIPE_SECRET_KEY: "sk_live_51Hx7Kd9sLm2Qp7Xv3Nz8Rt5Wb1Yc6Hf0Ja",
  STRIPE_WEBHOOK_SECRET: "whsec_7Kd9sLm2Qp7Xv3Nz8Rt5Wb1Yc6Hf0Jab",
  SELLER_NAME: "Tamra & Tara Pty Ltd",
  SELLER_ABN: "12 345 678 012",
  PAYOUT_DETAILS_KEY: "Zr8Lq2Wn5Tc9Vx3Mb7Kd1Hs6Gf4Pj0Ye2Ua8",
};

describe("a production deploy", () => {
  it("starts with safe settings, and development still starts with the example's", () => {
    expect(parseEnv(production)).toEqual(production);
    expect(example.JWT_SECRET).toBeTruthy();
    expect(parseEnv(example).ENVIRONMENT).toBe("development");
  });

  it.each([
    ["the example JWT_SECRET", { JWT_SECRET: example.JWT_SECRET }, /JWT_SECRET is published/],
    ["the tests' JWT_SECRET", { JWT_SECRET: env.JWT_SECRET }, /JWT_SECRET is published/],
    ["a JWT_SECRET nobody drew", { JWT_SECRET: "ab".repeat(20) }, /JWT_SECRET is not random/],
    ["a short JWT_SECRET", { JWT_SECRET: "Q3m9vX2pL8rT4wZ7yB1nC6kF0hJ5sD2" }, /at least 32/],
    ["the example's sk_test_ key", { STRIPE_SECRET_KEY: example.STRIPE_SECRET_KEY }, /live key/],
    ["any sk_test_ key", { STRIPE_SECRET_KEY: "sk_test_51Hx7Kd9sLm2Qp7Xv3Nz8R" }, /live key/],
    [
      "the local sandbox's webhook secret",
      { STRIPE_WEBHOOK_SECRET: example.STRIPE_WEBHOOK_SECRET },
      /STRIPE_WEBHOOK_SECRET is the local sandbox's/,
    ],
    [
      "the test sandbox's webhook secret",
      { STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret },
      /STRIPE_WEBHOOK_SECRET is the local sandbox's/,
    ],
    ["a short webhook secret", { STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /too short/],
    [
      "the webhook secret reused as JWT_SECRET",
      { JWT_SECRET: production.STRIPE_WEBHOOK_SECRET },
      /JWT_SECRET must not be one of the Stripe secrets/,
    ],
    ["no PAYOUT_DETAILS_KEY", { PAYOUT_DETAILS_KEY: undefined }, /PAYOUT_DETAILS_KEY is missing/],
    [
      "JWT_SECRET as PAYOUT_DETAILS_KEY",
      { PAYOUT_DETAILS_KEY: production.JWT_SECRET },
      /PAYOUT_DETAILS_KEY must not be JWT_SECRET/,
    ],
    ["a short PAYOUT_DETAILS_KEY", { PAYOUT_DETAILS_KEY: "short" }, /at least 32/],
    ["an http origin", { APP_ORIGIN: "http://tamraandtara.com.au" }, /APP_ORIGIN must be/],
    ["a loopback origin", { APP_ORIGIN: "https://localhost:8787" }, /APP_ORIGIN must be/],
  ])("refuses %s", (_name, patch, message) => {
    expect(() => parseEnv({ ...production, ...patch })).toThrow(message);
    // The start-up check (worker/index.ts) is the same one: the Worker does not start.
    expect(() => assertEnv({ ...env, ...production, ...patch })).toThrow(message);
  });

  it("names every unsafe setting of .dev.vars deployed as it is", () => {
    const deployed = {
      ...production,
      JWT_SECRET: example.JWT_SECRET,
      STRIPE_SECRET_KEY: example.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: example.STRIPE_WEBHOOK_SECRET,
    };
    let message = "";
    try {
      parseEnv(deployed);
    } catch (err) {
      message = String(err);
    }
    expect(message).toMatch(/JWT_SECRET is published in this repository/);
    expect(message).toMatch(/STRIPE_SECRET_KEY must be a live key/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET is the local sandbox's/);
  });
});

/** The Worker called at `origin` (a loopback host or not) with ENVIRONMENT overridden. */
async function devCall(origin: string, path: string, environment: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const vars = { ...env, ENVIRONMENT: environment };
  const res = await worker.fetch(new Request(`${origin}${path}`, init), vars, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const jsonBody = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const forgetBody = (emails: string[]) => jsonBody({ emails });

describe("development routes", () => {
  const loopback = ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"];
  const elsewhere = [
    "https://tamraandtara.com.au",
    "https://edge-shop.someone.workers.dev",
    "http://example.com",
    "http://localhost.evil.example",
    "http://127.0.0.1.nip.io:8787",
    "http://10.0.0.5:8787",
  ];

  it("answer in development at a loopback host", async () => {
    for (const origin of loopback) {
      expect((await devCall(origin, "/api/dev/outbox", "development")).status, origin).toBe(200);
      expect((await devCall(origin, "/dev/mailbox", "development")).status, origin).toBe(200);
    }
  });

  it("do not exist at any other host, even in development", async () => {
    const { email } = await register();
    for (const origin of elsewhere) {
      for (const [path, init] of [
        ["/api/dev/outbox", undefined],
        ["/dev/mailbox", undefined],
        ["/api/dev/forget", forgetBody([email])],
        ["/api/dev/commission-hold", jsonBody({ email, days: 31 })],
      ] as const) {
        const res = await devCall(origin, path, "development", init);
        expect(res.status, `${origin}${path}`).toBe(404);
        expect(await res.json(), `${origin}${path}`).toMatchObject({
          success: false,
          code: "route_not_found",
        });
      }
    }
    // Nothing was forgotten.
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("do not exist in production or tests, even at a loopback host", async () => {
    for (const environment of ["production", "test"]) {
      for (const origin of loopback) {
        const res = await devCall(origin, "/api/dev/outbox", environment);
        expect(res.status, `${environment} ${origin}`).toBe(404);
        expect(await res.json()).toMatchObject({ success: false });
      }
    }
  });
});

/** HMAC-SHA256 keyed by the raw JWT_SECRET: what every purpose signed with before. */
async function rawHmac(message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.JWT_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toB64url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

const me = (token: string) => asUser(token, "/api/user/me", undefined, "GET");

describe("keys derived per purpose", () => {
  it("refuses an access token signed with the raw JWT_SECRET", async () => {
    const { accessToken } = await register();
    expect((await me(accessToken)).status).toBe(200);
    const claims = decodeJwt(accessToken);
    const withRawSecret = await new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub ?? "")
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    const res = await me(withRawSecret);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("refuses an access token whose signature was made for an invoice link", async () => {
    const { accessToken } = await register();
    const [header, payload] = accessToken.split(".");
    const signingInput = `${header}.${payload}`;
    // Whatever the invoice key signs, as if an attacker could get it to sign a JWT's input.
    const invoiceSig = await signMessage(await keyFor(env, "invoiceLink"), signingInput);
    expect((await me(`${signingInput}.${invoiceSig}`)).status).toBe(401);
    const visitorSig = await signMessage(await keyFor(env, "visitorHash"), signingInput);
    expect((await me(`${signingInput}.${visitorSig}`)).status).toBe(401);
    // The same input signed with the access-token key is the token the Worker issued.
    const accessSig = await signMessage(await keyFor(env, "accessToken"), signingInput);
    expect(`${signingInput}.${accessSig}`).toBe(accessToken);
  });

  it("refuses an invoice link signed with the raw secret or another purpose's key", async () => {
    const orderId = "0".repeat(24);
    const url = new URL(await invoiceUrl({ env }, orderId));
    const expires = Number(url.searchParams.get("expires"));
    const sig = url.searchParams.get("sig") ?? "";
    expect(await isValidInvoiceLink({ env }, orderId, expires, sig)).toBe(true);
    const message = `invoice:${orderId}:${expires}`;
    expect(await isValidInvoiceLink({ env }, orderId, expires, await rawHmac(message))).toBe(false);
    const asAccess = await signMessage(await keyFor(env, "accessToken"), message);
    expect(await isValidInvoiceLink({ env }, orderId, expires, asAccess)).toBe(false);
  });

  it("hashes visitors' networks with a key of their own, stable for the same network", async () => {
    const message = "click-network:203.0.113.7";
    const hash = await visitorHash({ env }, "203.0.113.7");
    expect(hash).toBe(await visitorHash({ env }, "203.0.113.7"));
    expect(hash).not.toBe(await rawHmac(message));
    expect(hash).not.toBe(await visitorHash({ env }, "203.0.113.8"));
  });

  it("derives three different keys, and other keys from another secret", async () => {
    const message = "the same message";
    const purposes = ["accessToken", "invoiceLink", "visitorHash"] as const;
    const sigs = await Promise.all(
      purposes.map(async (p) => signMessage(await keyFor(env, p), message)),
    );
    expect(new Set([...sigs, await rawHmac(message)]).size).toBe(4);
    const other = { JWT_SECRET: production.JWT_SECRET };
    expect(await signMessage(await keyFor(other, "accessToken"), message)).not.toBe(sigs[0]);
    // Cached per isolate: asking again answers the same key.
    expect(await keyFor(env, "invoiceLink")).toBe(await keyFor(env, "invoiceLink"));
  });
});
