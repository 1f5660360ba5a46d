import type { SeedCategory } from "../types";

// Order matters: the first four are linked from the footer.
export const categories: SeedCategory[] = [
  {
    name: "Copper Water Bottles",
    description:
      "Pure copper bottles hand-finished in Moradabad, for the age-old habit of keeping water in copper overnight.",
    artwork: "copper-bottle",
  },
  {
    name: "Wind Chimes",
    description:
      "Brass, copper and bell-metal chimes with a warm, lingering tone for verandas, gardens and doorways.",
    artwork: "wind-chime",
  },
  {
    name: "Wall Hangings",
    description:
      "Macramé, block-printed cotton and hand-beaten brass pieces that bring colour and calm to a bare wall.",
    artwork: "wall-hanging",
  },
  {
    name: "Artifacts & Idols",
    description:
      "Brass, bronze and stone deities and folk artifacts cast and carved by hereditary artisan families.",
    artwork: "idol",
  },
  {
    name: "Singing Bowls",
    description:
      "Hand-hammered metal bowls and tingsha for meditation, sound baths and a quiet moment at home.",
    artwork: "singing-bowl",
  },
  {
    name: "Incense & Diyas",
    description:
      "Hand-rolled incense, dhoop and clay and brass lamps for everyday ritual and festival nights.",
    artwork: "diya",
  },
  {
    name: "Copper Drinkware",
    description:
      "Tumblers, jugs, mugs and dispensers in solid copper to complete the table and the bedside.",
    artwork: "copper-tumbler",
  },
  {
    name: "Puja Essentials",
    description:
      "Thalis, temple bells, malas and the small brass pieces that make a home altar feel complete.",
    artwork: "bell",
  },
];
