// The Worker's module rules, read from its source (docs/decisions/0014-domain-modules.md):
// 1. one owner per table: only the module whose schema.ts defines a table inserts into, updates or
//    deletes from it; routes, http, middleware, lib and the entry write nothing themselves;
// 2. sql`` fragments name tables and columns through drizzle's schema objects, never as text;
// 3. the import direction: routes -> modules -> lib/db/contracts; worker/http imports no module,
//    route or middleware, and no module imports worker/http, a route or middleware.
// The sources come in as text at build time (vite's import.meta.glob), so nothing is mocked. The
// seed and the Node scripts (worker/seed, worker/scripts) are exempt: they fill a local database
// the way an owner would, outside any request.
import { describe, expect, it } from "vitest";

const SOURCES = import.meta.glob<string>(
  ["../../worker/**/*.ts", "!../../worker/seed/**", "!../../worker/scripts/**", "!**/*.d.ts"],
  { query: "?raw", import: "default", eager: true },
);

interface Source {
  path: string;
  text: string;
  /** The module a file belongs to (worker/modules/<module>/...), or null outside modules. */
  module: string | null;
}

const sources: Source[] = Object.entries(SOURCES).map(([path, text]) => {
  const clean = path.replace(/^(\.\.\/)+/, "");
  return { path: clean, text, module: /^worker\/modules\/([^/]+)\//.exec(clean)?.[1] ?? null };
});

/** The Durable Object's own SQLite storage (not D1), which only the cart's object touches. */
const DURABLE_OBJECT_TABLES: Record<string, string> = {
  cart_lines: "worker/durable-objects/cart.ts",
};

/** Comments removed, line breaks kept, so a match's line number is the file's. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/\/\/.*$/gm, "");

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

interface Table {
  variable: string;
  name: string;
  module: string;
  columns: Set<string>;
}

/** Every table of every module's schema.ts: its variable, SQL name, owner and column names. */
function tables(): Table[] {
  const found: Table[] = [];
  for (const source of sources) {
    if (!source.module || !source.path.endsWith("/schema.ts")) continue;
    const text = withoutComments(source.text);
    const columnsIn = (body: string) =>
      [...body.matchAll(/\b(?:text|integer|real|blob)\(\s*"(\w+)"/g)].map((m) => m[1] as string);
    // Column groups a helper of this file defines for its tables (...payoutDetailsColumns()).
    const helpers = new Map(
      [...text.matchAll(/const (\w+) = \(\) => \(\{([\s\S]*?)\n\}\);/g)].map((m) => [
        m[1] as string,
        columnsIn(m[2] as string),
      ]),
    );
    const starts = [...text.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)];
    starts.forEach((start, i) => {
      const body = text.slice(start.index, starts[i + 1]?.index ?? text.length);
      const columns = new Set(columnsIn(body));
      // Columns the shared helpers define (db/columns.ts: the timestamps).
      if (/\bcreatedAt\(\)/.test(body)) columns.add("created_at");
      if (/\bupdatedAt\(\)/.test(body)) columns.add("updated_at");
      for (const [helper, helperColumns] of helpers) {
        if (body.includes(`...${helper}()`)) for (const c of helperColumns) columns.add(c);
      }
      found.push({
        variable: start[1] as string,
        name: start[2] as string,
        module: source.module as string,
        columns,
      });
    });
  }
  return found;
}

interface Write {
  path: string;
  line: number;
  table: string;
  writer: string | null;
}

/** Every insert, update or delete on a table: drizzle calls and SQL text alike. */
function writes(all: Table[]): Write[] {
  const byVariable = new Map(all.map((t) => [t.variable, t]));
  const byName = new Map(all.map((t) => [t.name, t]));
  const found: Write[] = [];
  for (const source of sources) {
    const text = withoutComments(source.text);
    // A table under another name in this file: const s = newsletterSubscribers, or an import's
    // `orders as o`. A namespace import's member (schema.orders) is read by its last name.
    const renames = [
      ...text.matchAll(/\bconst (\w+) = (\w+);/g),
      ...[...text.matchAll(/\bimport\s*(?:type\s*)?\{([^}]*)\}/g)].flatMap((m) => [
        ...(m[1] as string).matchAll(/\b(\w+)\s+as\s+(\w+)/g),
      ]),
    ].map((m) => (m[0].startsWith("const") ? [m[1], m[2]] : [m[2], m[1]]) as [string, string]);
    const aliases = new Map(
      renames
        .filter(([, original]) => byVariable.has(original))
        .map(([alias, original]) => [alias, byVariable.get(original) as Table]),
    );
    const writeCall = /\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g;
    for (const m of text.matchAll(writeCall)) {
      const table = byVariable.get(m[2] as string) ?? aliases.get(m[2] as string);
      if (table) {
        found.push({
          path: source.path,
          line: lineOf(text, m.index),
          table: table.name,
          writer: source.module,
        });
      }
    }
    // SQL text, with the table spelled out or interpolated (sql`UPDATE ${orders} SET ...`).
    const sqlWrite =
      /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:"?(\w+)"?|\$\{\s*(\w+)\s*\})/gi;
    for (const m of text.matchAll(sqlWrite)) {
      const interpolated = m[2] && (byVariable.get(m[2]) ?? aliases.get(m[2]));
      const name = interpolated ? interpolated.name : (m[1] as string | undefined);
      if (!name || (!byName.has(name) && !(name in DURABLE_OBJECT_TABLES))) continue;
      found.push({
        path: source.path,
        line: lineOf(text, m.index),
        table: name,
        writer: source.module,
      });
    }
  }
  return found;
}

const TABLES = tables();
const WRITES = writes(TABLES);

describe("one owner per table", () => {
  it("finds the schema's tables and the code's writes", () => {
    expect(TABLES.length).toBeGreaterThanOrEqual(31);
    expect(WRITES.length).toBeGreaterThanOrEqual(100);
  });

  it("lets only a table's own module write it", () => {
    const owners = new Map(TABLES.map((t) => [t.name, t.module]));
    const strays = WRITES.filter((w) =>
      w.table in DURABLE_OBJECT_TABLES
        ? w.path !== DURABLE_OBJECT_TABLES[w.table]
        : w.writer !== owners.get(w.table),
    ).map(
      (w) =>
        `${w.path}:${w.line} writes ${w.table}, owned by ${owners.get(w.table) ?? DURABLE_OBJECT_TABLES[w.table]}`,
    );
    expect(strays).toEqual([]);
  });

  it("has exactly one writing module for every table written, and writes every table it should", () => {
    const writers = new Map<string, Set<string>>();
    for (const w of WRITES) {
      if (w.table in DURABLE_OBJECT_TABLES) continue;
      const set = writers.get(w.table) ?? new Set();
      set.add(w.writer ?? w.path);
      writers.set(w.table, set);
    }
    const several = [...writers].filter(([, s]) => s.size !== 1).map(([t, s]) => `${t}: ${[...s]}`);
    expect(several).toEqual([]);
    // Written only by the seed (blog posts, FAQ) or by the catalogue's triggers (app_meta).
    const unwritten = TABLES.map((t) => t.name).filter((name) => !writers.has(name));
    expect(unwritten.sort()).toEqual(["app_meta", "blog_posts", "faq_entries"]);
  });
});

/** The text of every sql`` (and sql.raw) template outside the schema's DDL: its literal parts. */
function sqlFragments(): { path: string; line: number; text: string }[] {
  const found: { path: string; line: number; text: string }[] = [];
  for (const source of sources) {
    // The schema files' CHECKs and indexes are DDL: what drizzle-kit writes the migrations from.
    if (source.path.endsWith("/schema.ts") || source.path === "worker/db/columns.ts") continue;
    const text = withoutComments(source.text);
    // sql`...` and sql.raw(`...`): both put their text into the statement as it is written.
    for (const m of text.matchAll(/\bsql(?:\.raw\(\s*)?(?:<[^>`]*>)?`/g)) {
      // Walk the template: literal text, ${...} holes (with nested braces and templates) skipped.
      let i = m.index + m[0].length;
      let literal = "";
      while (i < text.length && text[i] !== "`") {
        if (text[i] === "$" && text[i + 1] === "{") {
          let depth = 1;
          i += 2;
          while (i < text.length && depth > 0) {
            if (text[i] === "{") depth++;
            else if (text[i] === "}") depth--;
            else if (text[i] === "`") {
              i++;
              while (i < text.length && text[i] !== "`") i++;
            }
            i++;
          }
          literal += " ? ";
        } else {
          literal += text[i];
          i++;
        }
      }
      found.push({ path: source.path, line: lineOf(text, m.index), text: literal });
    }
  }
  return found;
}

describe("sql fragments", () => {
  const fragments = sqlFragments();

  it("finds the fragments", () => {
    expect(fragments.length).toBeGreaterThanOrEqual(100);
  });

  it("never spell a table or column name as text", () => {
    const tableNames = new Set(TABLES.map((t) => t.name));
    const columnNames = new Set(TABLES.flatMap((t) => [...t.columns]));
    const spelled = fragments.flatMap((f) => {
      const text = f.text.replace(/'[^']*'/g, "''");
      // json_each's own columns (value, key) under the alias the fragment gives it.
      const jsonEach = new Set(
        [...text.matchAll(/json_each\([^)]*\)\s+(?:as\s+)?(\w+)/gi)].map((m) => m[1] as string),
      );
      const names = [
        ...[...text.matchAll(/"(\w+)"/g)].map((m) => m[1] as string),
        ...[...text.matchAll(/\b(\w+)\.(\w+)\b/g)]
          .filter((m) => !jsonEach.has(m[1] as string))
          .map((m) => m[2] as string),
        ...[...text.matchAll(/\b([a-z]+(?:_[a-z0-9]+)+|[a-z]+)\b/g)]
          .map((m) => m[1] as string)
          .filter((w) => tableNames.has(w) || (w.includes("_") && columnNames.has(w))),
      ].filter((n) => tableNames.has(n) || columnNames.has(n));
      return [...new Set(names)].map((n) => `${f.path}:${f.line} spells ${n}`);
    });
    expect(spelled).toEqual([]);
  });
});

describe("import direction", () => {
  const imports = (s: Source) =>
    [...s.text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => m[1] as string);
  const resolve = (from: string, spec: string) => {
    const parts = from.split("/").slice(0, -1);
    for (const part of spec.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    return parts.join("/");
  };

  it("keeps worker/http free of modules, routes and middleware", () => {
    const wrong = sources
      .filter((s) => s.path.startsWith("worker/http/"))
      .flatMap((s) => imports(s).map((i) => [s.path, resolve(s.path, i)] as const))
      .filter(([, target]) => /^worker\/(modules|routes|middleware)\//.test(target));
    expect(wrong).toEqual([]);
  });

  it("keeps lib, db and contracts below the modules", () => {
    const wrong = sources
      .filter((s) => /^worker\/(lib|db|contracts)\//.test(s.path))
      .flatMap((s) => imports(s).map((i) => [s.path, resolve(s.path, i)] as const))
      .filter(([, target]) => /^worker\/(modules|routes|middleware|http)\//.test(target))
      // The one data model drizzle reads (db/schema.ts) gathers the modules' schema files.
      .filter(([, target]) => !/^worker\/modules\/[^/]+\/schema$/.test(target));
    expect(wrong).toEqual([]);
  });

  it("leaves every batch to the modules: routes, middleware and http run none", () => {
    const batches = sources
      .filter((s) => /^worker\/(routes|middleware|http)\//.test(s.path))
      .filter((s) => /\.batch\(/.test(withoutComments(s.text)))
      .map((s) => s.path);
    expect(batches).toEqual([]);
    expect(sources.filter((s) => s.module && /\.batch\(/.test(s.text)).length).toBeGreaterThan(20);
  });

  it("keeps modules free of http, routes and middleware", () => {
    const wrong = sources
      .filter((s) => s.module)
      .flatMap((s) => imports(s).map((i) => [s.path, resolve(s.path, i)] as const))
      .filter(([, target]) => /^worker\/(http|routes|middleware)\//.test(target));
    expect(wrong).toEqual([]);
    expect(sources.filter((s) => s.module).length).toBeGreaterThan(40);
  });
});
