// Hostile input on the creators' links (route r): any code, any target, any visitor. checkAnswer
// holds every 302 to this shop; a click is recorded only for the creator, landing on this shop.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import {
  BROWSER,
  cookie,
  describeEndpoints,
  encoded,
  headerText,
  hostileText,
  ip,
  OFF_SHOP_TARGETS,
  pathSegment,
} from "../helpers/hostile";

describeEndpoints("hostile input: creator links", {
  endpoints: [
    {
      name: "GET /r/:code",
      runs: 60,
      requests: ({ w }) =>
        fc.record({
          method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST"),
          path: fc
            .tuple(
              fc.oneof(
                fc.constantFrom(
                  w.creator.code,
                  w.creator.code.toLowerCase(),
                  ` ${w.creator.code} `,
                ),
                pathSegment,
              ),
              fc.option(
                fc.oneof(
                  fc.constantFrom(
                    `/product/${w.products[0]?.id}`,
                    "/collection?sale=1#top",
                    "/%2F%2Fevil.example",
                    "/%5Cevil.example",
                    "/%2e%2e/api",
                    "/#<script>alert(1)</script>",
                    ...OFF_SHOP_TARGETS,
                  ),
                  hostileText,
                ),
                { nil: undefined },
              ),
            )
            .map(([code, to]) =>
              to === undefined ? `/r/${code}` : `/r/${code}?to=${encoded(to)}`,
            ),
          headers: fc.record({
            "cf-connecting-ip": ip,
            "user-agent": fc.option(
              fc.oneof(fc.constantFrom(BROWSER, "curl/8.0", "Googlebot/2.1"), headerText),
              { nil: undefined },
            ),
            cookie: cookie(w),
          }),
        }),
      examples: ({ w }) => [
        {
          method: "GET",
          path: `/r/${w.creator.code}?to=${encodeURIComponent(`/product/${w.products[0]?.id}`)}`,
          headers: { "user-agent": BROWSER },
        },
        // Every known way off the shop, each sent whatever the seed picks.
        ...OFF_SHOP_TARGETS.map((to) => ({
          method: "GET",
          path: `/r/${w.creator.code}?to=${encoded(to)}`,
          headers: { "user-agent": BROWSER },
        })),
      ],
      reaches: [302],
      after: async ({ w }) => {
        const clicks = await env.DB.prepare(
          "SELECT creator_id, landing_path FROM affiliate_clicks",
        ).all<{ creator_id: string; landing_path: string }>();
        expect(clicks.results.length).toBeGreaterThan(0);
        for (const c of clicks.results) {
          expect(c.creator_id).toBe(w.creator.id);
          expect(c.landing_path).toMatch(/^\/(?!\/)/);
        }
      },
    },
  ],
});
