// `npm run seed`: writes the demo catalogue, posts, FAQ, pictures and demo accounts into the LOCAL
// D1 and R2 that `wrangler dev` uses. It never touches remote resources.
import { getPlatformProxy } from "wrangler";
import { isEmpty, type SeedBindings, seedShop } from "../seed/seed";
import { applyMigrations, DEFAULT_STATE } from "./local";

export async function withLocalBindings<T>(
  fn: (env: SeedBindings) => Promise<T>,
  persistTo = DEFAULT_STATE,
): Promise<T> {
  const proxy = await getPlatformProxy<SeedBindings>({
    configPath: "wrangler.toml",
    persist: { path: `${persistTo}/v3` },
  });
  try {
    return await fn(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

export const seedLocal = () => withLocalBindings(seedShop);

/** Seeds only a database with no products; returns what it wrote, or null when it left it alone. */
export const seedIfEmpty = (persistTo = DEFAULT_STATE) =>
  withLocalBindings(async (env) => ((await isEmpty(env)) ? seedShop(env) : null), persistTo);

if (import.meta.url === `file://${process.argv[1]}`) {
  await applyMigrations();
  const report = await seedLocal();
  console.log(
    `Seeded ${report.products} products in ${report.categories} categories, ${report.posts} posts, ` +
      `${report.faq} FAQ entries, ${report.images} images; ${report.accountsCreated} demo accounts created.`,
  );
}
