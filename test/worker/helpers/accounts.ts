// Accounts for tests: register through the API, read the refresh cookie, call with a token.
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { CreatorStats } from "../../../worker/contracts/account";
import type { CreatorStatus } from "../../../worker/contracts/admin-creators";
import { creatorProfiles, users } from "../../../worker/db/schema";
import { callWorker, db, ORIGIN, postJson } from "./factories";

export interface Session {
  accessToken: string;
  refreshCookie: string;
  role: string;
}

export function refreshCookieOf(res: Response): string {
  const header = res.headers.get("set-cookie") ?? "";
  const match = /refresh_token=([^;]*)/.exec(header);
  return match?.[1] ?? "";
}

let n = 0;
export const uniqueEmail = (prefix = "shopper") =>
  `${prefix}${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`;

export async function register(
  body: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Session & { email: string; password: string }> {
  const email = body.email ?? uniqueEmail();
  const password = body.password ?? "correct horse battery";
  const res = await postJson("/api/user/register", {
    name: "Asha Patel",
    email,
    password,
    ...body,
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const json = await res.json<{ accessToken: string; role: string }>();
  return {
    accessToken: json.accessToken,
    role: json.role,
    refreshCookie: refreshCookieOf(res),
    email,
    password,
  };
}

/** A call as the signed-in user, with the access token in the `token` header. */
export const asUser = (token: string, path: string, body?: unknown, method = "POST") =>
  callWorker(path, {
    method,
    headers: { "content-type": "application/json", token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A JSON call with `method`, as the signed-in user when a token is given. */
export const call = (token: string | undefined, method: string, path: string, body?: unknown) =>
  callWorker(path, {
    method,
    headers: { "content-type": "application/json", ...(token && { token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A creator's own stats, as their account page reads them. */
export const creatorStats = async (token: string) =>
  (
    await (
      await asUser(token, "/api/user/creator/me", undefined, "GET")
    ).json<{
      creator: { stats: CreatorStats };
    }>()
  ).creator.stats;

/** POST /api/refresh from the shop's page with the given refresh cookie. */
export const refresh = (cookie: string, origin = ORIGIN) =>
  callWorker("/api/refresh", {
    method: "POST",
    headers: { origin, cookie: `refresh_token=${cookie}` },
  });

export const creatorBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Priya Sharma",
  email: uniqueEmail("priya"),
  password: "creator password",
  bio: "Slow living and copper care.",
  socials: "https://instagram.com/priya",
  payoutEmail: "payouts@example.com",
  ...overrides,
});

/**
 * Registers a creator and signs in: the session, its user id and its affiliate code. Sign-up makes
 * a pending application; the creator is then given `status` directly in D1 (approved unless said
 * otherwise, so the code and link work), as the owner's decision would.
 */
export async function creatorSession(
  overrides: Record<string, unknown> = {},
  { status = "approved" }: { status?: CreatorStatus } = {},
) {
  const body = creatorBody(overrides);
  const res = await postJson("/api/user/creator-register", body);
  if (res.status !== 200) throw new Error(`creator-register failed: ${res.status}`);
  if (status !== "pending") {
    const [account] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, body.email));
    if (!account) throw new Error(`no account ${body.email}`);
    await setCreatorStatus(account.id, status);
  }
  const login = await postJson("/api/user/login", { email: body.email, password: body.password });
  const { accessToken, role } = await login.json<{ accessToken: string; role: string }>();
  const me = await asUser(accessToken, "/api/user/creator/me", undefined, "GET");
  const { creator } = await me.json<{ creator: { affiliateCode: string } }>();
  const userId = decodeJwt(accessToken).sub ?? "";
  return { ...body, accessToken, role, userId, code: creator.affiliateCode, status };
}

type CreatorSession = Awaited<ReturnType<typeof creatorSession>>;
type Sessions<N extends number, R extends CreatorSession[] = []> = R["length"] extends N
  ? R
  : Sessions<N, [...R, CreatorSession]>;

/** `count` approved creators, each registered and signed in as creatorSession makes one. */
export async function creatorSessions<N extends number>(count: N): Promise<Sessions<N>> {
  const made: CreatorSession[] = [];
  for (let i = 0; i < count; i++) made.push(await creatorSession());
  return made as Sessions<N>;
}

/** A creator whose application the owner has not decided yet: their code and link do not work. */
export const pendingCreator = (overrides: Record<string, unknown> = {}) =>
  creatorSession(overrides, { status: "pending" });

/** Sets a creator's status in D1, as the owner's decision would (without its mail or audit). */
export async function setCreatorStatus(userId: string, status: CreatorStatus): Promise<void> {
  await db()
    .update(creatorProfiles)
    .set({ status, statusChangedAt: new Date() })
    .where(eq(creatorProfiles.userId, userId));
}

/** Sets an account's role in D1, as an owner would (the back-office re-reads it on each call). */
export async function setRole(email: string, role: "user" | "creator" | "admin"): Promise<string> {
  const [row] = await db()
    .update(users)
    .set({ role })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** A signed-in back-office account: registered, then made an admin in D1. */
export async function adminSession() {
  const session = await register({ name: "Alex Admin", email: uniqueEmail("admin") });
  const id = await setRole(session.email, "admin");
  return { ...session, id };
}
