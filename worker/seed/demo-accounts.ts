// The three demo accounts the seed creates for local runs; README.md and `npm start` list them.
import type { UserRole } from "../db/schema";

export interface DemoAccount {
  role: UserRole;
  name: string;
  email: string;
  password: string;
  affiliateCode?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: "user",
    name: "Sam Shopper",
    email: "shopper@example.com",
    password: "shopper-demo-2026",
  },
  {
    role: "creator",
    name: "Priya Creator",
    email: "creator@example.com",
    password: "creator-demo-2026",
    affiliateCode: "PRIYA10",
  },
  { role: "admin", name: "Alex Admin", email: "admin@example.com", password: "admin-demo-2026" },
];
