import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "./helpers/factories";

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe("GET /images/<key>", () => {
  it("serves the R2 object with its type, an ETag and a long immutable cache", async () => {
    await env.IMAGES.put("products/bottle-1-abc.svg", svg, {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const res = await api("/images/products/bottle-1-abc.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(await res.text()).toBe(svg);
  });

  it("forbids every site to frame a picture, in its own policy, on 200, HEAD and 304 alike", async () => {
    await env.IMAGES.put("products/framed.svg", svg, {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const got = await api("/images/products/framed.svg");
    const head = await api("/images/products/framed.svg", { method: "HEAD" });
    const etag = got.headers.get("etag") ?? "";
    const revalidated = await api("/images/products/framed.svg", {
      headers: { "If-None-Match": etag },
    });
    expect([got.status, head.status, revalidated.status]).toEqual([200, 200, 304]);
    for (const res of [got, head, revalidated]) {
      const directives = (res.headers.get("content-security-policy") ?? "")
        .split(";")
        .map((d) => d.trim());
      expect(directives).toContain("frame-ancestors 'none'");
      expect(directives).toContain("sandbox");
      expect(directives).toContain("default-src 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("answers 304 when the client holds the same ETag", async () => {
    await env.IMAGES.put("blog/cover.svg", svg, { httpMetadata: { contentType: "image/svg+xml" } });
    const etag = (await api("/images/blog/cover.svg")).headers.get("etag") ?? "";
    const res = await api("/images/blog/cover.svg", { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
  });

  it("answers 404 in the error shape for a missing image", async () => {
    const res = await api("/images/products/missing.svg");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: "image_not_found" });
  });

  it.each(["/images/..%2Fsecret", "/images/UPPER.svg", "/images/a//b.svg", "/images/"])(
    "answers 400 for the malformed key %s",
    async (path) => {
      const res = await api(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_image_key" });
    },
  );
});
