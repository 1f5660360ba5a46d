import { defineConfig } from "drizzle-kit";

// drizzle-kit writes SQL into the folder wrangler applies (wrangler.toml migrations_dir).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
