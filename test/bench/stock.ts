// The bench measures checkouts that reserve stock, not checkouts refused for want of it: before
// the checkout runs, the demo admin stocks every product deep enough for any run (the seed leaves
// a few low and two sold out, and the bench's own state keeps every pending reservation).
import { MAX_STOCK } from "../../worker/contracts/stock";
import { DEMO_ACCOUNTS } from "../../worker/seed/demo-accounts";
import { ORIGIN } from "./load";

export async function stockEveryProduct(productIds: string[]): Promise<void> {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin");
  const login = await fetch(`${ORIGIN}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: admin?.email, password: admin?.password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const id of productIds) {
    const res = await fetch(`${ORIGIN}/api/admin/products/${id}/stock`, {
      method: "POST",
      headers: { "content-type": "application/json", token: accessToken },
      body: JSON.stringify({ onHand: MAX_STOCK, reason: "bench" }),
    });
    if (!res.ok) throw new Error(`stocking ${id} failed: ${res.status} ${await res.text()}`);
  }
}
