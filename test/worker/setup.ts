// Every test starts from empty storage with the migrations applied: tests make their own data.
import { applyD1Migrations, env, reset } from "cloudflare:test";
import { beforeEach } from "vitest";
import { forgetCatalogueMemory } from "../../worker/modules/catalogue/cache";
import { forgetRecentClicks } from "../../worker/modules/creators/clicks";
import { useNewTestNetwork } from "./helpers/factories";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

let run = 0;

beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // Storage was wiped but the isolate lives on: give this test a catalogue version no earlier test
  // used, and drop the isolate's cached answers, as a fresh deployment would.
  run++;
  await env.DB.prepare("UPDATE app_meta SET value = ? WHERE key = 'catalogue_version'")
    .bind(run * 1_000_000)
    .run();
  forgetCatalogueMemory();
  forgetRecentClicks();
  useNewTestNetwork();
});
