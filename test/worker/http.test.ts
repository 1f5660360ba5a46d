import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { assertEnv, parseEnv } from "../../worker/env";
import { CONTENT_SECURITY_POLICY } from "../../worker/http/security-headers";
import { headersFileText } from "../../worker/http/security-headers-file";
import { api, ORIGIN } from "./helpers/factories";

const validEnv = {
  ENVIRONMENT: "development",
  APP_ORIGIN: "http://localhost:8787",
  JWT_SECRET: "x".repeat(32),
  EMAIL_FROM: "Tamra & Tara <hello@example.com>",
  SHOP_INBOX_EMAIL: "inbox@example.com",
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  STRIPE_API_BASE: "http://127.0.0.1:12111",
  SELLER_NAME: "Tamra & Tara Pty Ltd",
  SELLER_ABN: "12 345 678 012",
};

describe("the one error shape", () => {
  it("answers unknown /api paths with 404 JSON, never the SPA page", async () => {
    for (const path of ["/api/nope", "/api/product", "/api/product/list/extra", "/api/"]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = await res.json<Record<string, unknown>>();
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe("string");
      expect(body.code).toBe("route_not_found");
    }
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const res = await api("/api/product/list", { method: "POST", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
    expect(await res.json()).toMatchObject({ success: false, code: "method_not_allowed" });
    const del = await api("/api/faq", { method: "DELETE" });
    expect(del.status).toBe(405);
  });

  it("refuses request bodies over 64 kB with 413", async () => {
    const res = await api("/api/health", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "a".repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "payload_too_large" });
  });

  it("answers the trivial health endpoint", async () => {
    expect(await (await api("/api/health")).json()).toEqual({ success: true, status: "ok" });
  });
});

describe("security headers", () => {
  it("are on every answer, success or failure", async () => {
    for (const path of ["/api/health", "/api/product/list", "/api/nope", "/images/missing.svg"]) {
      const res = await api(path);
      expect(res.headers.get("strict-transport-security"), path).toMatch(/max-age=\d{8}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("allow only the shop's origin and Stripe's hosts", () => {
    const sources = CONTENT_SECURITY_POLICY.split(";").flatMap((d) =>
      d.trim().split(/\s+/).slice(1),
    );
    const hosts = sources.filter((s) => s.startsWith("http"));
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) expect(host).toMatch(/^https:\/\/[a-z]+\.stripe\.com$/);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline");
  });

  it("go into the static assets' _headers file too", () => {
    const text = headersFileText();
    expect(text.startsWith("/*\n")).toBe(true);
    expect(text).toContain(`  Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
    expect(text).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
  });
});

describe("CORS", () => {
  it("answers preflight for the shop's own origin with credentials", async () => {
    const res = await api("/api/product/list", {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("grants nothing to another origin", async () => {
    const res = await api("/api/product/list", { headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("environment check", () => {
  it("accepts a complete environment", () => {
    expect(parseEnv(validEnv)).toEqual(validEnv);
    expect(() => assertEnv({ ...env })).not.toThrow();
  });

  it.each([
    [{ JWT_SECRET: undefined }, /JWT_SECRET is missing/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET must be at least 32 characters/],
    [{ APP_ORIGIN: "not a url" }, /APP_ORIGIN must be an absolute URL/],
    [{ APP_ORIGIN: "https://shop.example/path" }, /APP_ORIGIN must be an origin without a path/],
    [{ ENVIRONMENT: "staging" }, /ENVIRONMENT must be one of/],
    [{ SHOP_INBOX_EMAIL: "inbox" }, /SHOP_INBOX_EMAIL must be an email address/],
    [
      { EMAIL_FROM: undefined, SHOP_INBOX_EMAIL: undefined },
      /EMAIL_FROM is missing; SHOP_INBOX_EMAIL is missing/,
    ],
    [{ ENVIRONMENT: "production" }, /RESEND_API_KEY is missing/],
    [{ RESEND_API_KEY: "sk_live_x" }, /RESEND_API_KEY must start with re_/],
    [{ STRIPE_SECRET_KEY: "pk_test_x" }, /STRIPE_SECRET_KEY must start with sk_test_ or sk_live_/],
    [{ STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_WEBHOOK_SECRET is missing/],
    [{ STRIPE_API_BASE: "http://127.0.0.1:12111/v1" }, /STRIPE_API_BASE must be an origin/],
    [
      { ENVIRONMENT: "production", RESEND_API_KEY: "re_x" },
      /STRIPE_API_BASE must be unset in production/,
    ],
    [{ SELLER_ABN: "12 345 678 013" }, /SELLER_ABN must be a valid 11-digit ABN/],
  ])("names the variable that is wrong: %o", (patch, message) => {
    expect(() => parseEnv({ ...validEnv, ...patch })).toThrow(message);
  });

  it("names a missing binding", () => {
    expect(() => assertEnv({ ...validEnv, DB: {}, IMAGES: {} })).toThrow(
      /binding CARTS is missing/,
    );
  });
});
