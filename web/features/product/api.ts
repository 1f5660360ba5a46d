import type {
  ProductDto,
  ProductResponse,
  RelatedProductsResponse,
} from "../../../worker/contracts/catalogue";
import { api } from "../../lib/api-client";

const productPath = (productId: string) => `/api/product/${encodeURIComponent(productId)}`;

export const fetchProduct = async (productId: string, signal?: AbortSignal): Promise<ProductDto> =>
  (await api<ProductResponse>(productPath(productId), { signal })).product;

/** Same category, a tag in common, newest first: a dozen at most. */
export const fetchRelated = async (
  productId: string,
  signal?: AbortSignal,
): Promise<ProductDto[]> =>
  (await api<RelatedProductsResponse>(`${productPath(productId)}/related`, { signal })).products;
