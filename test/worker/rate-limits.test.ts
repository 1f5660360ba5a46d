// Rate limits against one attacker with many addresses: clients counted by network (an IPv6 /64),
// login limits that cannot lock the owner out from another network, and limited profile updates.
import { describe, expect, it } from "vitest";
import { clientNetwork, LIMITS } from "../../worker/modules/limits/rate-limit";
import { creatorSession, register, uniqueEmail } from "./helpers/accounts";
import { callWorker } from "./helpers/factories";

/** A JSON POST from the client Cloudflare reports as `ip`. */
const from = (ip: string, path: string, body: unknown, token?: string) =>
  callWorker(path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": ip,
      ...(token ? { token } : {}),
    },
    body: JSON.stringify(body),
  });

const wrongLogin = (ip: string, email: string) =>
  from(ip, "/api/user/login", { email, password: "wrong password" });

/** A 429 in the one error shape, with a Retry-After within the limit's window. */
async function expectLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({
    success: false,
    message: expect.stringContaining("Too many attempts"),
    code: "rate_limited",
  });
}

describe("the client a limit counts", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.009 ", "203.0.113.9"],
    ["2001:db8:aa:1::5", "2001:db8:aa:1::/64"],
    ["2001:DB8:AA:1:FFFF:FFFF:FFFF:FFFF", "2001:db8:aa:1::/64"],
    ["2001:0db8:00aa:0001:0000:0000:0000:0001", "2001:db8:aa:1::/64"],
    ["[2001:db8:aa:1::7]", "2001:db8:aa:1::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["2001:db8:aa:2::5", "2001:db8:aa:2::/64"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:CB00:7109", "203.0.113.9"],
    ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
    ["::1", "::1"],
    ["0:0:0:0:0:0:0:1", "::1"],
  ])("counts %j as %j", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it.each([
    "",
    "unknown",
    "203.0.113",
    "203.0.113.256",
    "203.0.113.9.1",
    "203.0.113.9:443",
    "203.0.113.9, 198.51.100.1",
    "1::2::3",
    "12345::1",
    "g::1",
    ":1",
    "1:",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4::5:6:7:8",
    "1.2.3.4::",
    "::ffff:203.0.113.256",
    "2001:db8:aa:1::5".repeat(10),
  ])("takes %j for no address", (garbage) => {
    expect(clientNetwork(garbage)).toBeNull();
  });

  it("answers a garbage or missing address without a 5xx, counting such clients together", async () => {
    for (const ip of ["not an address", "", "2001:db8::1::2", "x".repeat(500)]) {
      expect((await wrongLogin(ip, uniqueEmail())).status, ip).toBe(401);
    }
    const none = await callWorker(
      "/api/user/login",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: uniqueEmail(), password: "wrong password" }),
      },
      {},
      { fromNowhere: true },
    );
    expect(none.status).toBe(401);
    // Five of the login-per-client allowance went above; garbage spends the rest.
    for (let i = 5; i < LIMITS.loginPerIp.max; i++) {
      expect((await wrongLogin(`garbage ${i}`, uniqueEmail())).status).toBe(401);
    }
    await expectLimited(
      await wrongLogin("still not an address", uniqueEmail()),
      LIMITS.loginPerIp.windowSeconds,
    );
  });

  it("counts every address of one IPv6 /64 as one client, and another /64 apart", async () => {
    // Each attempt from a new address in 2001:db8:aa:1::/64, written every which way.
    const spellings = (i: number) =>
      [
        `2001:db8:aa:1::${i.toString(16)}`,
        `2001:DB8:AA:1:0:0:${i.toString(16)}:1`,
        `2001:0db8:00aa:0001:${i.toString(16)}::`,
      ][i % 3] ?? "";
    for (let i = 1; i <= LIMITS.loginPerIp.max; i++) {
      expect((await wrongLogin(spellings(i), uniqueEmail())).status).toBe(401);
    }
    await expectLimited(
      await wrongLogin("2001:db8:aa:1:ffff:ffff:ffff:fffe", uniqueEmail()),
      LIMITS.loginPerIp.windowSeconds,
    );
    expect((await wrongLogin("2001:db8:aa:2::1", uniqueEmail())).status).toBe(401);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", async () => {
    const spellings = ["203.0.113.50", "::ffff:203.0.113.50", "::FFFF:CB00:7132"];
    for (let i = 0; i < LIMITS.registerPerIp.max; i++) {
      const res = await from(spellings[i % 3] ?? "", "/api/user/register", {
        name: "Bot",
        email: uniqueEmail("bot"),
        password: "bot password 2026",
      });
      expect(res.status).toBe(200);
    }
    const over = await from("0:0:0:0:0:ffff:203.0.113.50", "/api/user/register", {
      name: "Bot",
      email: uniqueEmail("bot"),
      password: "bot password 2026",
    });
    await expectLimited(over, LIMITS.registerPerIp.windowSeconds);
  });
});

describe("login limits per account", () => {
  it("let the owner in from another network while an attacker's network is locked out", async () => {
    const owner = await register();
    // The attacker moves through addresses of one /64: still one network.
    for (let i = 1; i <= LIMITS.loginPerAccountNetwork.max; i++) {
      expect((await wrongLogin(`2001:db8:bad:1::${i}`, owner.email)).status).toBe(401);
    }
    await expectLimited(
      await wrongLogin("2001:db8:bad:1::beef", owner.email),
      LIMITS.loginPerAccountNetwork.windowSeconds,
    );
    // Even the right password is refused on the attacker's network...
    await expectLimited(
      await from("2001:db8:bad:1::1", "/api/user/login", {
        email: owner.email,
        password: owner.password,
      }),
      LIMITS.loginPerAccountNetwork.windowSeconds,
    );
    // ...and accepted from the owner's, IPv6 or IPv4.
    for (const ip of ["2001:db8:600d:1::1", "203.0.113.20"]) {
      const res = await from(ip, "/api/user/login", {
        email: owner.email.toUpperCase(),
        password: owner.password,
      });
      expect(res.status, ip).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, role: "user" });
    }
  });

  it("stop guessing spread over many networks at a ceiling per account", async () => {
    const owner = await register();
    const perNetwork = LIMITS.loginPerAccountNetwork.max;
    const networks = LIMITS.loginPerAccount.max / perNetwork;
    expect(Number.isInteger(networks) && networks > 1).toBe(true);
    for (let n = 0; n < networks; n++) {
      for (let i = 0; i < perNetwork; i++) {
        expect((await wrongLogin(`198.51.100.${n}`, owner.email)).status).toBe(401);
      }
      // Attempts a network's own limit refused do not count towards the account's ceiling.
      if (n === 0) {
        for (let i = 0; i < 5; i++) {
          expect((await wrongLogin("198.51.100.0", owner.email)).status).toBe(429);
        }
      }
    }
    // The ceiling is reached: a fresh network is refused, whatever the password.
    await expectLimited(
      await from("2001:db8:f00d:1::1", "/api/user/login", {
        email: owner.email,
        password: owner.password,
      }),
      LIMITS.loginPerAccount.windowSeconds,
    );
    // Another account is not affected.
    const other = await register();
    const res = await from("2001:db8:f00d:1::1", "/api/user/login", {
      email: other.email,
      password: other.password,
    });
    expect(res.status).toBe(200);
  });
});

describe("profile update limits", () => {
  it("limit one account's updates, taken email or not, on both profile endpoints together", async () => {
    const someoneElse = await register();
    const shopper = await register();
    const { max, windowSeconds } = LIMITS.profileUpdatePerAccount;
    for (let i = 0; i < max; i++) {
      // A different address each time (each change waits for its link; a taken one is refused at
      // once): the account is what is counted.
      const email = i % 2 ? someoneElse.email : uniqueEmail("probe");
      const res = await from(
        `192.0.2.${i}`,
        "/api/user/update",
        { name: "Asha", email, currentPassword: shopper.password },
        shopper.accessToken,
      );
      expect(res.status).toBe(i % 2 ? 409 : 200);
    }
    await expectLimited(
      await from(
        "192.0.2.200",
        "/api/user/update",
        { name: "Asha", email: someoneElse.email, currentPassword: shopper.password },
        shopper.accessToken,
      ),
      windowSeconds,
    );

    const creator = await creatorSession();
    const creatorBody = (email: string) => ({
      name: "Priya",
      email,
      bio: "",
      socials: "",
      currentPassword: creator.password,
    });
    for (let i = 0; i < max; i++) {
      const [path, body] =
        i % 2
          ? ["/api/user/creator/update", creatorBody(someoneElse.email)]
          : ["/api/user/update", { name: "Priya", email: creator.email }];
      const res = await from(`198.51.100.${i}`, path, body, creator.accessToken);
      expect(res.status, path).toBe(i % 2 ? 409 : 200);
    }
    await expectLimited(
      await from(
        "198.51.100.200",
        "/api/user/creator/update",
        creatorBody(creator.email),
        creator.accessToken,
      ),
      windowSeconds,
    );
  });

  it("limit one client's updates across accounts, by IPv6 /64", async () => {
    const { max, windowSeconds } = LIMITS.profileUpdatePerIp;
    const perAccount = LIMITS.profileUpdatePerAccount.max;
    const accounts = await Promise.all(
      Array.from({ length: max / perAccount + 1 }, () => register()),
    );
    const last = accounts.pop();
    if (!last) throw new Error("no account");
    let sent = 0;
    for (const account of accounts) {
      for (let i = 0; i < perAccount; i++) {
        const res = await from(
          `2001:db8:cafe:1::${(++sent).toString(16)}`,
          "/api/user/update",
          { name: "Bot", email: uniqueEmail("probe"), currentPassword: account.password },
          account.accessToken,
        );
        expect(res.status).toBe(200);
      }
    }
    expect(sent).toBe(max);
    const update = (ip: string) =>
      from(ip, "/api/user/update", { name: "Bot", email: last.email }, last.accessToken);
    await expectLimited(await update("2001:db8:cafe:1:aaaa::1"), windowSeconds);
    expect((await update("2001:db8:cafe:2::1")).status).toBe(200);
  });
});
