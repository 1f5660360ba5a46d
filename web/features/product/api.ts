import type { ProductDto, ProductResponse } from "../../../worker/contracts/catalogue";
import { api } from "../../lib/api-client";

export const fetchProduct = async (productId: string, signal?: AbortSignal): Promise<ProductDto> =>
  (await api<ProductResponse>(`/api/product/${encodeURIComponent(productId)}`, { signal })).product;
