// `npm run seed`: writes the demo catalogue, posts, FAQ, pictures and demo accounts into the LOCAL
// D1 and R2 that `wrangler dev` uses. It never touches remote resources.
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { isEmpty, type SeedBindings, type SeedOptions, seedShop } from "../seed/seed";
import { applyMigrations, DEFAULT_STATE } from "./local";
import { rasterizePreview } from "./raster-preview";

/** Node can run sharp, so the local seed also stores the raster link previews of the covers. */
const NODE_SEED: SeedOptions = { rasterize: rasterizePreview };

/**
 * Opens the local D1 and R2 that `wrangler dev` persists, keyed by wrangler.toml's ids as wrangler
 * keys them. Miniflare directly rather than getPlatformProxy: these scripts run no Worker code,
 * and the proxy would warn that the cart's Durable Object cannot run here.
 */
export async function withLocalBindings<T>(
  fn: (env: SeedBindings) => Promise<T>,
  persistTo = DEFAULT_STATE,
): Promise<T> {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    d1Databases: Object.fromEntries(
      config.d1_databases.map((d: { binding: string; database_id?: string }) => [
        d.binding,
        { id: d.database_id ?? d.binding },
      ]),
    ),
    r2Buckets: Object.fromEntries(
      config.r2_buckets.map((b: { binding: string; bucket_name?: string }) => [
        b.binding,
        { id: b.bucket_name ?? b.binding },
      ]),
    ),
    defaultPersistRoot: `${persistTo}/v3`,
  });
  try {
    return await fn(await mf.getBindings<SeedBindings>());
  } finally {
    await mf.dispose();
  }
}

export const seedLocal = (persistTo = DEFAULT_STATE) =>
  withLocalBindings((env) => seedShop(env, NODE_SEED), persistTo);

/** Seeds only a database with no products; returns what it wrote, or null when it left it alone. */
export const seedIfEmpty = (persistTo = DEFAULT_STATE) =>
  withLocalBindings(
    async (env) => ((await isEmpty(env)) ? seedShop(env, NODE_SEED) : null),
    persistTo,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  await applyMigrations();
  const report = await seedLocal();
  console.log(
    `Seeded ${report.products} products in ${report.categories} categories, ${report.posts} posts, ` +
      `${report.faq} FAQ entries, ${report.images} images, ${report.previews} link previews; ` +
      `${report.accountsCreated} demo accounts created.`,
  );
}
