// What a crawler or a link preview reads of a product page, in its <head>: the shop's page tags
// (lib/page-meta.ts) with the product's own picture, its price and availability, and schema.org's
// Product with its Offer.
import type { MetaDescriptor } from "react-router";
import {
  PREVIEW_IMAGE,
  type ProductDto,
  previewImageKey,
} from "../../../worker/contracts/catalogue";
import { metaDescription, pageTitle, SHOP_NAME } from "../../../worker/contracts/site";
import { type PreviewImage, pageMeta } from "../../lib/page-meta";
import { paths } from "../../lib/paths";
import { PRODUCT_NOT_FOUND_TITLE } from "./components/product-view";

/** Dollars as Open Graph and schema.org write a price: "49.00". */
const priceText = (dollars: number) => dollars.toFixed(2);

/**
 * The 1200x630 JPEG the seed draws beside its SVG art; an uploaded photo is raster already, so
 * itself (its size unknown). A product without pictures previews as the shop's card.
 */
function previewOf(product: ProductDto): PreviewImage | undefined {
  const cover = product.image[0];
  if (!cover) return undefined;
  const preview = previewImageKey(cover);
  return {
    src: preview,
    alt: product.name,
    ...(preview !== cover && { size: PREVIEW_IMAGE }),
  };
}

export function productMeta(
  id: string,
  product: ProductDto | null,
  origin: string,
): MetaDescriptor[] {
  if (!product) {
    return [{ title: pageTitle(PRODUCT_NOT_FOUND_TITLE) }, { name: "robots", content: "noindex" }];
  }
  const path = paths.product(id);
  const url = `${origin}${path}`;
  const description = metaDescription(product.description);
  const image = previewOf(product);
  const absolute = (src: string) => `${origin}${src}`;
  const structured = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: [...new Set([image?.src, ...product.image].filter((src) => src !== undefined))].map(
      absolute,
    ),
    sku: product._id,
    category: product.category,
    brand: { "@type": "Brand", name: SHOP_NAME },
    url,
    offers: {
      "@type": "Offer",
      url,
      price: priceText(product.finalPrice),
      priceCurrency: "AUD",
      availability: `https://schema.org/${product.inStock ? "InStock" : "OutOfStock"}`,
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: SHOP_NAME },
    },
  };
  return pageMeta({
    title: product.name,
    description,
    path,
    origin,
    image,
    type: "product",
    more: [
      { property: "product:price:amount", content: priceText(product.finalPrice) },
      { property: "product:price:currency", content: "AUD" },
      { property: "product:availability", content: product.inStock ? "in stock" : "out of stock" },
      { "script:ld+json": structured },
    ],
  });
}
