import type { BlogPostDto } from "../../../worker/contracts/catalogue";
import { type Load, useLoad } from "../../lib/use-load";
import { BLOG_LOAD_FAILED, fetchBlogPosts } from "./api";

/** The blog's posts, loaded once per visit to the page; `reload` asks again after a failure. */
export const useBlogPosts = (): Load<BlogPostDto[]> =>
  useLoad(fetchBlogPosts, {
    failure: { fallback: BLOG_LOAD_FAILED, ignoreServerMessage: true, toastId: "load-blogs" },
  });
