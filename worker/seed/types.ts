// Shapes of the seeded catalogue: the content files fill them, the seed script writes them to D1 and R2.

/** What a generated illustration depicts; artwork.ts draws one picture family per kind. */
export type ArtworkKind =
  | "copper-bottle"
  | "copper-tumbler"
  | "wind-chime"
  | "wall-hanging"
  | "idol"
  | "singing-bowl"
  | "diya"
  | "incense"
  | "bell"
  | "mandala";

export interface SeedCategory {
  /** Display name, also what products reference and what /collection?category= uses. */
  name: string;
  description: string;
  artwork: ArtworkKind;
}

export interface SeedProduct {
  /** Stable, unique, kebab-case; the product id is derived from it so re-seeding updates in place. */
  slug: string;
  name: string;
  description: string;
  /** A SeedCategory name. */
  category: string;
  /** Integer cents, AUD. finalPriceCents <= originalPriceCents; equal when not on sale. */
  originalPriceCents: number;
  finalPriceCents: number;
  tags: string[];
  bestseller: boolean;
  isNew: boolean;
  premium: boolean;
  variant?: string;
  artwork: ArtworkKind;
  /** 0..359, shifts the illustration's accent colour so siblings look different. */
  hue: number;
  /** How many days before the seed the product was listed; drives "newest first". */
  listedDaysAgo: number;
}

export interface SeedPost {
  slug: string;
  title: string;
  shortDescription: string;
  /** Real article HTML: <h2>, <p>, <ul>/<li>, <blockquote>, <a href="/collection...">; no scripts or inline handlers. */
  contentHtml: string;
  /** ISO date, YYYY-MM-DD. */
  publishDate: string;
  /** Minutes. */
  estimatedTimeToRead: number;
  /** Comma-separated. */
  keywords: string;
  coverArtwork: ArtworkKind;
  coverHue: number;
}

export interface SeedFaq {
  title: string;
  content: string;
  isActive: boolean;
}
