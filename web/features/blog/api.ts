import type { BlogListResponse, BlogPostDto } from "../../../worker/contracts/catalogue";
import { api } from "../../lib/api-client";

export const BLOG_LOAD_FAILED = "Failed to load blogs";

export const fetchBlogPosts = async (signal?: AbortSignal): Promise<BlogPostDto[]> =>
  (await api<BlogListResponse>("/api/blogs", { signal })).blogs;
