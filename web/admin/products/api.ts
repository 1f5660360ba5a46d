// Products (README, back-office): the list, one product, its photos and its stock, and what runs low.
import type {
  AdminProductListResponse,
  AdminProductResponse,
  LowStockResponse,
  ProductCreateInput,
  ProductListQueryInput,
  ProductUpdateInput,
} from "../../../worker/contracts/admin-catalogue";
import type {
  ProductImageResponse,
  ProductImagesResponse,
} from "../../../worker/contracts/admin-images";
import type { StockChange, StockResponse } from "../../../worker/contracts/stock";
import { call, fetchList, post, recordPath } from "../lib/admin-api";

export type ProductListParams = Partial<ProductListQueryInput>;

export const fetchProducts = (params: ProductListParams, signal?: AbortSignal) =>
  fetchList<AdminProductListResponse>("/api/admin/products", params, signal);

const productPath = (productId: string) => recordPath("products", productId);

export const fetchProduct = async (productId: string, signal?: AbortSignal) =>
  (await call<AdminProductResponse>(productPath(productId), { signal })).product;

export const createProduct = async (input: ProductCreateInput) =>
  (await post<AdminProductResponse>("/api/admin/products", input)).product;

export const updateProduct = async (productId: string, input: ProductUpdateInput) =>
  (await post<AdminProductResponse>(productPath(productId), input)).product;

/** Takes the product off the storefront; orders that hold it still show it. */
export const archiveProduct = async (productId: string) =>
  (await call<AdminProductResponse>(productPath(productId), { method: "DELETE" })).product;

// Photos. A key such as products/<id>/<name>.jpg keeps its slashes: the route takes the rest of
// the path as the key.
const imagePath = (productId: string, key: string) =>
  `${productPath(productId)}/images/${key.split("/").map(encodeURIComponent).join("/")}`;

export async function uploadProductImage(productId: string, file: File, alt = "") {
  const body = new FormData();
  body.append("file", file, file.name);
  if (alt) body.append("alt", alt);
  return (await post<ProductImageResponse>(`${productPath(productId)}/images`, body)).image;
}

export const setProductImageAlt = async (productId: string, key: string, alt: string) =>
  (await post<ProductImageResponse>(imagePath(productId, key), { alt })).image;

export const orderProductImages = async (productId: string, keys: string[]) =>
  (await post<ProductImagesResponse>(`${productPath(productId)}/images/order`, { keys })).images;

export const deleteProductImage = async (productId: string, key: string) =>
  (await call<ProductImagesResponse>(imagePath(productId, key), { method: "DELETE" })).images;

export const changeProductStock = async (productId: string, change: StockChange) =>
  (await post<StockResponse>(`${productPath(productId)}/stock`, change)).stock;

export const fetchLowStock = async (signal?: AbortSignal) =>
  (await call<LowStockResponse>("/api/admin/stock/low", { signal })).products;
