// The automatic offers running now, as the storefront shows them (README, "Promotions"): read once
// per page load (features/catalogue/api.ts), and only after the page has hydrated, so the server's
// HTML and the first paint never wait for them; which of them apply to a product or a cart.
import type { CartItem } from "../../../worker/contracts/cart";
import type { CategoryDto, ProductDto } from "../../../worker/contracts/catalogue";
import { formatCents } from "../../../worker/contracts/money";
import type { OfferDto } from "../../../worker/contracts/promotions";
import { useLoad } from "../../lib/use-load";
import { loadCategories, loadOffers } from "../catalogue/api";
import { discountWords, untilWords } from "./offer-words";

const NONE: OfferDto[] = [];

/** The running offers, once read after hydration; none before, or when they cannot be read. */
export function useOffers(): OfferDto[] {
  const offers = useLoad(() => loadOffers());
  return offers.status === "loaded" ? offers.data : NONE;
}

/** The shop's categories, read only when an offer is about categories. */
function useCategories(needed: boolean): CategoryDto[] | undefined {
  const categories = useLoad(() => loadCategories(), { enabled: needed });
  return categories.status === "loaded" ? categories.data : undefined;
}

const aboutCategories = (offers: readonly OfferDto[]) =>
  offers.some((offer) => offer.scope === "categories");

/** Whether `offer` takes something off `product` (whose category is named, as the shop has it). */
function appliesTo(
  offer: OfferDto,
  product: Pick<ProductDto, "_id" | "category">,
  categories: readonly CategoryDto[] | undefined,
): boolean {
  if (offer.scope === "order") return true;
  if (offer.scope === "products") return offer.productIds.includes(product._id);
  const category = categories?.find((c) => c.name.toLowerCase() === product.category.toLowerCase());
  return category ? offer.categoryIds.includes(category._id) : false;
}

/**
 * "15% off Copper Water Bottles until Mon 30 Nov": the offer as it applies to `product`, with its
 * minimum spend when it has one.
 */
export function offerWords(offer: OfferDto, product: Pick<ProductDto, "name" | "category">) {
  const target =
    offer.kind === "free_delivery"
      ? ""
      : offer.scope === "categories"
        ? ` ${product.category}`
        : offer.scope === "products"
          ? ` ${product.name}`
          : " your order";
  const minimum = offer.minSpendCents ? ` when you spend ${formatCents(offer.minSpendCents)}` : "";
  const until = untilWords(offer.endsAt);
  return `${discountWords(offer)}${target}${minimum}${until ? ` ${until}` : ""}`;
}

/** The running offers that take something off this product. */
export function useProductOffers(product: ProductDto): OfferDto[] {
  const offers = useOffers();
  const categories = useCategories(aboutCategories(offers));
  return offers.filter((offer) => appliesTo(offer, product, categories));
}

/**
 * The running offers that take something off one of the cart's lines, each with the line it is
 * about. `products` are the lines' products as the catalogue has them (their categories).
 */
export function useCartOffers(
  lines: readonly CartItem[],
  products: readonly ProductDto[] | undefined,
): { offer: OfferDto; product: Pick<ProductDto, "name" | "category"> }[] {
  const offers = useOffers();
  const categories = useCategories(aboutCategories(offers));
  const found: { offer: OfferDto; product: Pick<ProductDto, "name" | "category"> }[] = [];
  for (const offer of offers) {
    const line = lines.find((l) => {
      const product = products?.find((p) => p._id === l._id) ?? { _id: l._id, category: "" };
      return appliesTo(offer, product, categories);
    });
    if (!line) continue;
    const product = products?.find((p) => p._id === line._id);
    found.push({ offer, product: { name: line.name, category: product?.category ?? "" } });
  }
  return found;
}
