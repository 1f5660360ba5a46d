// The catalogue `npm run bench:scale` measures: 50,000 generated products in the seed's
// categories, deterministic (a seeded PRNG, stable ids), written beside the demo seed through the
// local D1 binding. Names are composed from the shop's materials, motifs and kinds; a few words
// are rare on purpose ("Zanskar" names exactly one product). Pictures reuse the demo products'
// R2 keys of the same category: no new images.
import { stableId } from "../../worker/lib/ids";
import { categories as seedCategories } from "../../worker/seed/content/categories";
import { products as seedProducts } from "../../worker/seed/content/products";

export const SCALE_PRODUCTS = 50_000;
/** The rare word's one product; the search for it must find exactly this name. */
export const RARE_WORD = "Zanskar";
/** Products written per statement: one bound parameter (a JSON array of rows) each. */
const ROWS_PER_STATEMENT = 250;
/** Statements per db.batch (one transaction). */
const STATEMENTS_PER_BATCH = 20;

const SEED_EPOCH = Date.UTC(2026, 10, 15);
const DAY_MS = 86_400_000;
const THREE_YEARS_DAYS = 3 * 365;

/** mulberry32: small, fast, good enough to spread a catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

interface CategoryRecipe {
  /** Share of the catalogue (the weights need not sum to 1). */
  weight: number;
  materials: string[];
  motifs: string[];
  kinds: string[];
  variants: string[];
  /** Final price range in whole dollars. */
  dollars: [number, number];
  origins: string[];
  uses: string[];
  care: string[];
}

const RECIPES: Record<string, CategoryRecipe> = {
  "Copper Water Bottles": {
    weight: 0.2,
    materials: ["Copper", "Pure Copper", "Hammered Copper", "Seamless Copper", "Lacquered Copper"],
    motifs: [
      "Mandala",
      "Tree of Life",
      "Paisley",
      "Lotus",
      "Meena-Painted",
      "Plain",
      "Om",
      "Peacock",
    ],
    kinds: ["Water Bottle", "Yoga Bottle", "Travel Bottle", "Bedside Carafe", "Sports Bottle"],
    variants: ["500 ml", "600 ml", "750 ml", "900 ml", "1 L", "1.5 L"],
    dollars: [24, 89],
    origins: ["Moradabad", "Jaipur", "Aligarh", "Varanasi"],
    uses: [
      "Fill it at night and drink in the morning, as in the traditional tamra jal practice",
      "It suits a desk, a gym bag or a bedside table",
    ],
    care: [
      "Hand wash with lukewarm water and restore the shine with lemon and salt",
      "Not dishwasher safe; dry with the cap off",
    ],
  },
  "Wind Chimes": {
    weight: 0.14,
    materials: ["Brass", "Copper", "Bell-Metal", "Bamboo and Brass", "Aluminium"],
    motifs: ["Lotus", "Elephant", "Peacock", "Om", "Sun and Moon", "Bird", "Bell", "Tree of Life"],
    kinds: ["Wind Chime", "Temple Bell Chime", "Hanging Bell", "Tuned Chime"],
    variants: ["5 rods", "6 rods", "7 bells", "9 bells", "Large", "Small"],
    dollars: [19, 149],
    origins: ["Moradabad", "Jaipur", "Kutch", "Bastar"],
    uses: [
      "Hang it on a veranda, in a doorway or from a garden branch",
      "Its warm, lingering tone carries in a light breeze",
    ],
    care: [
      "Bring it indoors in storms and wipe it with a dry cloth",
      "A little brass polish restores the glow once a season",
    ],
  },
  "Wall Hangings": {
    weight: 0.12,
    materials: [
      "Madhubani",
      "Gond",
      "Pichwai",
      "Kalamkari",
      "Macramé",
      "Block-Printed Cotton",
      "Brass",
    ],
    motifs: ["Peacock", "Fish", "Tree of Life", "Sun", "Lotus Pond", "Elephant Parade", "Mandala"],
    kinds: ["Wall Hanging", "Wall Plate", "Tapestry", "Toran", "Wall Panel"],
    variants: ["30 x 45 cm", "45 x 60 cm", "60 x 90 cm", "Set of 3"],
    dollars: [29, 249],
    origins: ["Madhubani", "Bhopal", "Nathdwara", "Srikalahasti", "Sanganer", "Jaipur"],
    uses: [
      "It brings colour and calm to a bare wall, a hallway or a reading nook",
      "Each piece is signed by the artist's family on the back",
    ],
    care: [
      "Keep it out of direct sun so the natural pigments stay bright",
      "Dust gently with a soft brush; do not wash",
    ],
  },
  "Artifacts & Idols": {
    weight: 0.14,
    materials: ["Brass", "Bronze", "Marble", "Dhokra", "Sandstone", "Rosewood", "Panchaloha"],
    motifs: [
      "Ganesha",
      "Nataraja",
      "Buddha",
      "Lakshmi",
      "Krishna",
      "Shiva",
      "Nandi",
      "Hanuman",
      "Saraswati",
      "Tara",
    ],
    kinds: ["Idol", "Statue", "Figurine", "Murti", "Bust"],
    variants: ["4 in", "6 in", "8 in", "12 in", "18 in"],
    dollars: [29, 499],
    origins: ["Swamimalai", "Aligarh", "Bastar", "Jaipur", "Mamallapuram", "Thanjavur"],
    uses: [
      "Place it on a home altar, a study shelf or an entrance console",
      "Cast by hereditary artisan families using the lost-wax method",
    ],
    care: [
      "Wipe with a dry cloth; oil the stone ones once a year",
      "Avoid water on the patina so the finish ages evenly",
    ],
  },
  "Singing Bowls": {
    weight: 0.1,
    materials: ["Seven-Metal", "Brass", "Bronze", "Copper", "Bell-Metal"],
    motifs: ["Chakra", "Om Mani Padme Hum", "Lotus", "Plain", "Dorje", "Mandala"],
    kinds: ["Singing Bowl", "Tingsha Cymbals", "Singing Bowl Set", "Sound Bath Bowl"],
    variants: ["8 cm", "10 cm", "12 cm", "15 cm", "20 cm", "Set of 7"],
    dollars: [34, 399],
    origins: ["Patan", "Kathmandu", "Dharamshala", "Ladakh"],
    uses: [
      "Use it for meditation, sound baths or a quiet moment before sleep",
      "It comes with a wooden striker and a hand-stitched cushion",
    ],
    care: ["Wipe the fingerprints away after playing", "Keep it dry and away from hard floors"],
  },
  "Incense & Diyas": {
    weight: 0.12,
    materials: [
      "Sandalwood",
      "Rose",
      "Nag Champa",
      "Jasmine",
      "Vetiver",
      "Clay",
      "Brass",
      "Terracotta",
    ],
    motifs: ["Lotus", "Kuber", "Akhand", "Peacock", "Festival", "Temple", "Plain"],
    kinds: ["Incense Sticks", "Dhoop Cones", "Diya", "Oil Lamp", "Incense Holder", "Diya Set"],
    variants: ["Pack of 40", "Pack of 100", "Set of 4", "Set of 12", "Single"],
    dollars: [6, 79],
    origins: ["Mysuru", "Bengaluru", "Kumhar Gram", "Moradabad", "Kutch"],
    uses: [
      "Light it for everyday ritual or to welcome guests on festival nights",
      "Hand-rolled in small batches from natural resins and woods",
    ],
    care: ["Burn on a heat-proof holder away from curtains", "Store sealed in a cool, dry place"],
  },
  "Copper Drinkware": {
    weight: 0.1,
    materials: ["Copper", "Hammered Copper", "Brass-Rimmed Copper", "Engraved Copper"],
    motifs: ["Plain", "Mandala", "Paisley", "Hammered", "Lotus"],
    kinds: ["Tumbler", "Jug", "Mug", "Water Dispenser", "Moscow Mule Mug", "Glass Set"],
    variants: ["300 ml", "450 ml", "1.5 L", "Set of 2", "Set of 4", "8 L"],
    dollars: [14, 189],
    origins: ["Moradabad", "Jaipur", "Varanasi"],
    uses: [
      "Complete the table and the bedside with solid copper",
      "A considered gift for housewarmings and weddings",
    ],
    care: [
      "Wash by hand and dry straight away",
      "A paste of lemon juice and salt brings back the glow",
    ],
  },
  "Puja Essentials": {
    weight: 0.08,
    materials: ["Brass", "Copper", "German Silver", "Rudraksha", "Sandalwood", "Tulsi"],
    motifs: ["Om", "Swastik", "Lotus", "Kalash", "Temple", "Plain"],
    kinds: ["Puja Thali", "Temple Bell", "Mala", "Kalash", "Aarti Stand", "Kumkum Box", "Lota"],
    variants: ["108 beads", "Small", "Medium", "Large", "Set of 5"],
    dollars: [9, 129],
    origins: ["Moradabad", "Varanasi", "Haridwar", "Ujjain", "Madurai"],
    uses: [
      "Everything a home altar needs for the morning aarti",
      "Made in a family workshop that has served temples for generations",
    ],
    care: ["Polish brass with tamarind or pitambari powder", "Wipe dry after every puja"],
  },
};

/** Words that occur in a handful of names only, so a rare search has a few answers. */
const RARE_WORDS = ["Ladakh", "Spiti", "Chettinad", "Bidriware", "Pattachitra"];

/** The seed's own tag vocabulary. */
const TAGS = [...new Set(seedProducts.flatMap((p) => p.tags))].sort();

export interface ScaleProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageKeys: string[];
  originalPriceCents: number;
  finalPriceCents: number;
  categoryId: string;
  tags: string[];
  bestseller: boolean;
  isNew: boolean;
  premium: boolean;
  variant: string | null;
  status: "active" | "draft" | "archived";
  stockOnHand: number | null;
  listedAt: number;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Dollars to cents ending in 95 (the shop's price points). */
const pricePoint = (dollars: number) => Math.max(1, Math.round(dollars)) * 100 - 5;

function describe(rng: Rng, recipe: CategoryRecipe, name: string, material: string): string {
  const origin = rng.pick(recipe.origins);
  const sentences = [
    `${name} is made by hand in ${origin}, where ${material.toLowerCase()} work has been a family trade for generations.`,
    `${rng.pick(recipe.uses)}.`,
    rng.pick([
      "No two pieces are quite alike: small marks of the tools are part of its character.",
      "It is finished and checked in the workshop before it is wrapped in recycled paper.",
      "The makers are paid fairly and directly, and every order supports their craft.",
      "It arrives in a cotton pouch with a card about the artisans who made it.",
    ]),
    `${rng.pick(recipe.care)}.`,
  ];
  if (rng.chance(0.6))
    sentences.splice(
      2,
      0,
      rng.pick([
        "Ready for gifting at Diwali, housewarmings and weddings, or simply for yourself.",
        "The proportions follow the old workshop patterns, drawn from memory rather than a mould.",
        "Pair it with others from the same workshop for a set that feels collected over time.",
        "Its colour deepens gently with age, the way traditional pieces always have.",
      ]),
    );
  return sentences.join(" ");
}

/**
 * The catalogue, in order: product i is always the same product. `categoryIds` and `imagesBy`
 * (each category's demo products' image keys) come from the seeded database.
 */
export async function generateCatalogue(
  categoryIds: Map<string, string>,
  imagesBy: Map<string, string[][]>,
  count = SCALE_PRODUCTS,
): Promise<ScaleProduct[]> {
  const rng = prng(19_050_000);
  const names = seedCategories.map((c) => c.name);
  const weights = names.map((n) => RECIPES[n]?.weight ?? 0.1);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickCategory = () => {
    let x = rng.next() * totalWeight;
    for (const [i, w] of weights.entries()) {
      x -= w;
      if (x < 0) return names[i] as string;
    }
    return names[names.length - 1] as string;
  };
  const rareAt = new Map<number, string>([[31_337, RARE_WORD]]);
  for (const [k, word] of RARE_WORDS.entries())
    for (let j = 0; j < 3 + k; j++) rareAt.set(1_000 + k * 7_919 + j * 4_001, word);

  const out: ScaleProduct[] = [];
  for (let i = 0; i < count; i++) {
    const category = pickCategory();
    const recipe = RECIPES[category] as CategoryRecipe;
    const categoryId = categoryIds.get(category);
    if (!categoryId) throw new Error(`The seeded database has no category ${category}`);
    const material = rng.pick(recipe.materials);
    const motif = rng.pick(recipe.motifs);
    const kind = rng.pick(recipe.kinds);
    const variant = rng.chance(0.7) ? rng.pick(recipe.variants) : null;
    const rare = rareAt.get(i);
    const parts = [
      rare ? `${rare}` : "",
      motif === "Plain" ? "" : motif,
      material,
      kind,
      variant && rng.chance(0.5) ? variant : "",
    ].filter((p) => p !== "");
    const name = parts.join(" ");
    const [lo, hi] = recipe.dollars;
    // Most products sit in the lower half of the range, as a shop's catalogue does.
    const finalPriceCents = pricePoint(lo + (hi - lo) * rng.next() ** 2);
    const onSale = rng.chance(0.25);
    const originalPriceCents = onSale
      ? Math.max(
          finalPriceCents + 100,
          pricePoint((finalPriceCents / 100) * (1.1 + rng.next() * 0.4)),
        )
      : finalPriceCents;
    const daysAgo = rng.int(0, THREE_YEARS_DAYS);
    const statusRoll = rng.next();
    const demoImages = imagesBy.get(category) ?? [];
    const fromDemo = demoImages.length > 0 ? rng.pick(demoImages) : [];
    const extra = demoImages.length > 0 ? rng.pick(demoImages) : [];
    const keys = [...new Set([...fromDemo, ...extra])];
    const imageKeys = keys.slice(0, Math.min(keys.length, rng.int(1, 4)));
    const tags = [...new Set(Array.from({ length: rng.int(2, 5) }, () => rng.pick(TAGS)))];
    out.push({
      id: await stableId("bench-scale-product", String(i)),
      slug: `${slugify(name)}-${i.toString(36)}`,
      name,
      description: describe(rng, recipe, name, material),
      imageKeys,
      originalPriceCents,
      finalPriceCents,
      categoryId,
      tags,
      bestseller: rng.chance(0.05),
      isNew: daysAgo < 30,
      premium: rng.chance(0.1),
      variant,
      // About 300 drafts and 200 archived.
      status: statusRoll < 0.006 ? "draft" : statusRoll < 0.01 ? "archived" : "active",
      stockOnHand: rng.chance(0.2) ? null : rng.chance(0.03) ? 0 : rng.int(1, 80),
      listedAt: SEED_EPOCH - daysAgo * DAY_MS - rng.int(0, DAY_MS - 1),
    });
  }
  return out;
}

// One bound parameter per statement (a JSON array of rows, unpacked by json_each), so a statement
// carries hundreds of rows and stays far under D1's 100-parameter limit. OR IGNORE and stable ids
// make a re-run (say after an interrupted one) add only what is missing.
const INSERT = `INSERT OR IGNORE INTO products (id, slug, name, description, image_keys,
  original_price_cents, final_price_cents, category_id, tags, bestseller, is_new, premium, variant,
  status, stock_on_hand, listed_at)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
  json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
  json_extract(value, '$[6]'), json_extract(value, '$[7]'), json_extract(value, '$[8]'),
  json_extract(value, '$[9]'), json_extract(value, '$[10]'), json_extract(value, '$[11]'),
  json_extract(value, '$[12]'), json_extract(value, '$[13]'), json_extract(value, '$[14]'),
  json_extract(value, '$[15]')
FROM json_each(?1)`;

/** The opening count of each tracked product is its first ledger row, as the demo seed writes. */
const OPENING_LEDGER = `INSERT INTO stock_movements
  (product_id, kind, on_hand_delta, reserved_delta, reason, order_id, actor_id, created_at)
SELECT p.id, 'restock', p.stock_on_hand, 0, 'seeded', NULL, NULL, unixepoch('subsec') * 1000
FROM products p
WHERE p.stock_on_hand IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.product_id = p.id)`;

const asRow = (p: ScaleProduct) => [
  p.id,
  p.slug,
  p.name,
  p.description,
  JSON.stringify(p.imageKeys),
  p.originalPriceCents,
  p.finalPriceCents,
  p.categoryId,
  JSON.stringify(p.tags),
  p.bestseller ? 1 : 0,
  p.isNew ? 1 : 0,
  p.premium ? 1 : 0,
  p.variant,
  p.status,
  p.stockOnHand,
  p.listedAt,
];

export interface ScaleSeedReport {
  /** False when the database already held the catalogue. */
  seeded: boolean;
  inserted: number;
  products: number;
  ms: number;
}

const countProducts = async (db: D1Database) =>
  (await db.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>())?.n ?? 0;

/**
 * Adds the generated catalogue to a database the demo seed has filled (its categories and
 * pictures), unless it already holds SCALE_PRODUCTS products.
 */
export async function seedScaleCatalogue(
  db: D1Database,
  log: (line: string) => void = console.log,
): Promise<ScaleSeedReport> {
  const started = performance.now();
  const before = await countProducts(db);
  if (before >= SCALE_PRODUCTS)
    return { seeded: false, inserted: 0, products: before, ms: performance.now() - started };

  const { results: cats } = await db
    .prepare("SELECT id, name FROM categories")
    .all<{ id: string; name: string }>();
  const categoryIds = new Map(cats.map((c) => [c.name, c.id]));
  const { results: demo } = await db
    .prepare("SELECT category_id, image_keys FROM products WHERE image_keys <> '[]' LIMIT 500")
    .all<{ category_id: string; image_keys: string }>();
  const nameOf = new Map(cats.map((c) => [c.id, c.name]));
  const imagesBy = new Map<string, string[][]>();
  for (const row of demo) {
    const name = nameOf.get(row.category_id) ?? "";
    imagesBy.set(name, [...(imagesBy.get(name) ?? []), JSON.parse(row.image_keys) as string[]]);
  }

  const catalogue = await generateCatalogue(categoryIds, imagesBy);
  log(
    `Generated ${catalogue.length} products in ${((performance.now() - started) / 1000).toFixed(1)} s; writing...`,
  );
  const statement = db.prepare(INSERT);
  const perBatch = ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH;
  for (let at = 0; at < catalogue.length; at += perBatch) {
    const chunk = catalogue.slice(at, at + perBatch);
    const statements: D1PreparedStatement[] = [];
    for (let s = 0; s < chunk.length; s += ROWS_PER_STATEMENT)
      statements.push(
        statement.bind(JSON.stringify(chunk.slice(s, s + ROWS_PER_STATEMENT).map(asRow))),
      );
    await db.batch(statements);
  }
  await db.prepare(OPENING_LEDGER).run();
  const products = await countProducts(db);
  // meta.changes would count the rows the triggers write too (search index, catalogue version).
  return { seeded: true, inserted: products - before, products, ms: performance.now() - started };
}
