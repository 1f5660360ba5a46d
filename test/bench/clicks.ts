// Creator link clicks in the bench: the exact count a run of redirects left.
import { DEMO_ACCOUNTS } from "../../worker/seed/demo-accounts";
import { ORIGIN, type Row, SECONDS } from "./load";

const CREATOR = DEMO_ACCOUNTS.find((a) => a.role === "creator");
export const CREATOR_CODE = CREATOR?.affiliateCode ?? "";
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The demo creator's click count, as their profile shows it. */
export async function creatorClicks(): Promise<number> {
  const login = await fetch(`${ORIGIN}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: CREATOR?.email, password: CREATOR?.password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const me = await fetch(`${ORIGIN}/api/user/creator/me`, { headers: { token: accessToken } });
  return ((await me.json()) as { creator: { stats: { clicks: number } } }).creator.stats.clicks;
}

/** Waits until the click count stops moving (the writes run after the responses). */
async function settledClicks(): Promise<number> {
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await creatorClicks();
    if (now === last) return now;
    last = now;
  }
}

/**
 * The exact final click count: the autocannon run above came from one network (the bench's own
 * address), so it counts once this hour; then 1,000 distinct networks, 10 at a time. A visitor is
 * a network, whatever its User-Agent, so each sends its own address in cf-connecting-ip (which the
 * local runtime passes through when a request carries it), from 198.18.0.0/15, the range set aside
 * for benchmarks (RFC 2544).
 */
export async function countClicks(before: number, run: Row | undefined) {
  const afterOneVisitor = (await settledClicks()) - before;
  const visitors = 1000;
  for (let i = 0; i < visitors; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        fetch(`${ORIGIN}/r/${CREATOR_CODE}`, {
          headers: {
            "cf-connecting-ip": `198.18.${Math.floor((i + j) / 256)}.${(i + j) % 256}`,
            "user-agent": BROWSER,
          },
          redirect: "manual",
        }),
      ),
    );
  }
  const afterVisitors = (await settledClicks()) - before;
  const redirects = run ? Math.round(run.rps * SECONDS) : 0;
  console.log(
    `\nCreator link clicks for ${CREATOR_CODE}: about ${redirects} redirects from one network -> ` +
      `${afterOneVisitor} click(s) recorded; then ${visitors} distinct networks -> ` +
      `${afterVisitors - afterOneVisitor} more (${afterVisitors} new in this run).`,
  );
}
