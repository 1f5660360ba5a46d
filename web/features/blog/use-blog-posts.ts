import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import type { BlogPostDto } from "../../../worker/contracts/catalogue";
import { BLOG_LOAD_FAILED, fetchBlogPosts } from "./api";

export type BlogPostsState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; posts: BlogPostDto[] };

/** The blog's posts, loaded once per visit to the page; `retry` asks again after a failure. */
export function useBlogPosts(): BlogPostsState & { retry: () => void } {
  const [state, setState] = useState<BlogPostsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchBlogPosts(controller.signal).then(
      (posts) => {
        if (!controller.signal.aborted) setState({ status: "ready", posts });
      },
      () => {
        if (controller.signal.aborted) return;
        setState({ status: "error" });
        toast.error(BLOG_LOAD_FAILED, { toastId: "load-blogs" });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
