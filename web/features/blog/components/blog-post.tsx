import { useEffect, useMemo, useRef } from "react";
import type { BlogPostDto } from "../../../../worker/contracts/catalogue";
import { sanitizeArticleHtml } from "../sanitize";
import { ArticleBody } from "./article-body";
import { COVER_HEIGHT, COVER_WIDTH } from "./blog-card";
import { ArrowLeftIcon } from "./blog-icons";
import { KeywordList, PostMeta } from "./post-meta";
import "../../../components/shapes.css";
import "./blog-post.css";
import { LARGEST_PAINT } from "../../../lib/largest-paint";

export function BackToBlogButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="button button-ghost back-to-blog" onClick={onBack}>
      <ArrowLeftIcon />
      Back to Blog
    </button>
  );
}

/** Moves focus (and the view) to the new page heading, as a route change would for screen readers. */
function useFocusOnOpen<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each newly opened post is the trigger.
  useEffect(() => {
    window.scrollTo(0, 0);
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}

export function BlogPost({ post, onBack }: { post: BlogPostDto; onBack: () => void }) {
  const { _id, title, cover, shortDescription, keywords, content } = post;
  const html = useMemo(() => sanitizeArticleHtml(content), [content]);
  const headingRef = useFocusOnOpen<HTMLHeadingElement>(_id);
  return (
    <article className="blog-post" aria-labelledby="blog-post-title">
      <BackToBlogButton onBack={onBack} />
      <header className="blog-post-header">
        <PostMeta className="blog-post-meta" {...post} />
        <h1 id="blog-post-title" className="blog-post-title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        <p className="blog-post-lede">{shortDescription}</p>
      </header>
      <img
        className="blog-post-cover"
        src={cover}
        alt=""
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
        {...LARGEST_PAINT}
      />
      <ArticleBody html={html} />
      <footer className="blog-post-footer">
        <KeywordList keywords={keywords} label="Keywords" />
        <BackToBlogButton onBack={onBack} />
      </footer>
    </article>
  );
}

/** Holds the article's place while posts load after opening a shared link. */
export function BlogPostSkeleton() {
  return (
    <div className="blog-post is-skeleton" aria-hidden="true">
      <span className="blog-skeleton-line shimmer is-short" />
      <span className="blog-skeleton-line shimmer is-heading" />
      <span className="blog-skeleton-line shimmer" />
      <div className="blog-post-cover shimmer" />
    </div>
  );
}
