// Categories (README, back-office): the list, a new one, and a rename or a new picture.
import type {
  AdminCategoryDto,
  AdminCategoryListResponse,
  AdminCategoryResponse,
  CategoryCreateInput,
  CategoryUpdateInput,
} from "../../../worker/contracts/admin-catalogue";
import { call, post, recordPath } from "../lib/admin-api";

export const fetchCategories = async (signal?: AbortSignal): Promise<AdminCategoryDto[]> =>
  (await call<AdminCategoryListResponse>("/api/admin/categories", { signal })).categories;

export const createCategory = async (input: CategoryCreateInput) =>
  (await post<AdminCategoryResponse>("/api/admin/categories", input)).category;

export const updateCategory = async (categoryId: string, input: CategoryUpdateInput) =>
  (await post<AdminCategoryResponse>(recordPath("categories", categoryId), input)).category;
