// Writes every artwork kind x view, a category tile and a blog cover to /tmp/artwork-preview/.
// Run: ./node_modules/.bin/tsx worker/scripts/preview-artwork.ts [hue ...]
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { categoryArt, coverArt, productArt } from "../seed/artwork";
import type { ArtworkKind } from "../seed/types";

const kinds: ArtworkKind[] = [
  "copper-bottle",
  "copper-tumbler",
  "wind-chime",
  "wall-hanging",
  "idol",
  "singing-bowl",
  "diya",
  "incense",
  "bell",
  "mandala",
];

const outDir = "/tmp/artwork-preview";
const hues = process.argv.slice(2).map(Number);
if (hues.length === 0) hues.push(20);
mkdirSync(outDir, { recursive: true });

let count = 0;
let largest = 0;
const write = (name: string, svg: string): void => {
  writeFileSync(join(outDir, name), svg);
  largest = Math.max(largest, svg.length);
  count++;
};

for (const hue of hues) {
  for (const kind of kinds) {
    for (const view of [0, 1, 2] as const) {
      write(`${kind}-h${hue}-v${view}.svg`, productArt({ kind, hue, view }));
    }
    write(`${kind}-h${hue}-category.svg`, categoryArt(kind, hue));
    write(`${kind}-h${hue}-cover.svg`, coverArt(kind, hue));
  }
}

console.log(`wrote ${count} SVGs to ${outDir} (largest ${largest} bytes)`);
