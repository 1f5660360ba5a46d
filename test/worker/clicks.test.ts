// Creator link clicks count people's networks, not what their browsers say: once
// per code, network and hour whatever the User-Agent, at most CLICKS_PER_NETWORK_HOUR codes per
// network and hour (exact under concurrency), and a bounded landing path.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { affiliateClicks, creatorProfiles, users } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import {
  CLICKS_PER_NETWORK_HOUR,
  d1ClickRecorder,
  hourBucket,
  MAX_LANDING_PATH,
  visitorHash,
} from "../../worker/modules/creators/clicks";
import { creatorSession } from "./helpers/accounts";
import { callWorker, db } from "./helpers/factories";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

const click = (code: string, ip: string, ua = BROWSER, to?: string) =>
  callWorker(`/r/${code}${to === undefined ? "" : `?to=${encodeURIComponent(to)}`}`, {
    headers: { "cf-connecting-ip": ip, "user-agent": ua },
    redirect: "manual",
  });

const clickRows = () => db().select().from(affiliateClicks);

/** `n` creators written straight into D1 (no sign-up: only their codes matter here). */
async function creatorsWithCodes(n: number): Promise<string[]> {
  const codes = Array.from({ length: n }, (_, i) => `NET${String(i).padStart(4, "0")}`);
  for (const code of codes) {
    const id = newId();
    await db()
      .insert(users)
      .values({ id, name: code, email: `${code.toLowerCase()}@example.com`, passwordHash: "x" });
    await db().insert(creatorProfiles).values({ userId: id, affiliateCode: code });
  }
  return codes;
}

describe("creator link clicks", () => {
  it("1,000 clicks from one network with 1,000 User-Agents count once", async () => {
    const creator = await creatorSession();
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          click(creator.code, "203.0.113.7", `${BROWSER} visitor/${batch * 50 + i}`),
        ),
      );
      expect(answers.every((a) => a.status === 302)).toBe(true);
    }
    expect(await clickRows()).toHaveLength(1);
  });

  it("one network counts once on each of two codes, and another network counts again", async () => {
    const [a, b] = await Promise.all([creatorSession(), creatorSession()]);
    await click(a.code, "198.51.100.4");
    await click(b.code, "198.51.100.4", `${BROWSER} Edg/156`);
    await click(a.code, "198.51.100.4", `${BROWSER} Firefox/140`);
    await click(a.code, "198.51.100.5");
    const rows = await clickRows();
    expect(rows.filter((r) => r.creatorId === a.userId)).toHaveLength(2);
    expect(rows.filter((r) => r.creatorId === b.userId)).toHaveLength(1);
  });

  it("addresses in one IPv6 /64 are one network; another /64 is another", async () => {
    const creator = await creatorSession();
    await click(creator.code, "2001:db8:1:2::1");
    await click(creator.code, "2001:db8:1:2:ffff:eeee:dddd:cccc");
    await click(creator.code, "[2001:DB8:1:2::9]");
    await click(creator.code, "2001:db8:1:3::1");
    expect(await clickRows()).toHaveLength(2);
  });

  it(`one network counts at most ${CLICKS_PER_NETWORK_HOUR} codes an hour, exactly, however many clicks race`, async () => {
    const codes = await creatorsWithCodes(CLICKS_PER_NETWORK_HOUR + 15);
    const recorder = d1ClickRecorder(createDb(env.DB));
    const hash = await visitorHash({ env }, "192.0.2.44");
    const hour = hourBucket();
    await Promise.all(
      codes.map((code) => recorder.record({ code, visitorHash: hash, hour, landingPath: "/" })),
    );
    expect(await clickRows()).toHaveLength(CLICKS_PER_NETWORK_HOUR);
    // Another network is not held back by this one, and the next hour starts again.
    const other = await visitorHash({ env }, "192.0.2.45");
    await recorder.record({ code: codes[0] ?? "", visitorHash: other, hour, landingPath: "/" });
    await recorder.record({
      code: codes[0] ?? "",
      visitorHash: hash,
      hour: hour + 1,
      landingPath: "/",
    });
    expect(await clickRows()).toHaveLength(CLICKS_PER_NETWORK_HOUR + 2);
  });

  it("a click past the ceiling is still redirected and attributed", async () => {
    const codes = await creatorsWithCodes(CLICKS_PER_NETWORK_HOUR + 1);
    for (const code of codes.slice(0, CLICKS_PER_NETWORK_HOUR)) await click(code, "192.0.2.60");
    const last = codes.at(-1) ?? "";
    const res = await click(last, "192.0.2.60", BROWSER, "/collection");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/collection");
    expect(res.headers.get("set-cookie")).toContain(`=${last}`);
    expect(await clickRows()).toHaveLength(CLICKS_PER_NETWORK_HOUR);
  });

  it("stores a bounded landing path: a long query is dropped, a long path becomes /", async () => {
    const creator = await creatorSession();
    const longQuery = `/collection?q=${"a".repeat(400)}`;
    const longPath = `/${"b".repeat(400)}`;
    await click(creator.code, "192.0.2.70", BROWSER, longQuery);
    await click(creator.code, "192.0.2.71", BROWSER, longPath);
    await click(creator.code, "192.0.2.72", BROWSER, "/collection?sale=1");
    const paths = (await clickRows()).map((r) => r.landingPath).sort();
    expect(paths).toEqual(["/", "/collection", "/collection?sale=1"]);
    expect(paths.every((p) => p.length <= MAX_LANDING_PATH)).toBe(true);
  });

  it("bots still count nothing, whatever network they come from", async () => {
    const creator = await creatorSession();
    await click(creator.code, "192.0.2.80", "Mozilla/5.0 (compatible; Googlebot/2.1)");
    await click(creator.code, "192.0.2.81", "curl/8.5.0");
    expect(await clickRows()).toHaveLength(0);
  });
});
