import { Link } from "react-router-dom";
import type { BlogPostDto } from "../../../../worker/contracts/catalogue";
import { ArrowRightIcon } from "../../../components/icons";
import { KeywordList, PostMeta } from "./post-meta";
import "../../../components/shapes.css";
import "./blog-card.css";

/** Covers are drawn at 16:9; these are the intrinsic size the browser reserves space from. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

export const postLinkId = (postId: string) => `post-link-${postId}`;

interface BlogCardProps {
  post: BlogPostDto;
  /** Cards in the first row are on screen at once, so they skip lazy loading. */
  eager: boolean;
}

export function BlogCard({ post, eager }: BlogCardProps) {
  const { _id, title, cover, shortDescription, keywords } = post;
  return (
    <article className="blog-card lift-card">
      <div className="blog-card-media">
        <img
          src={cover}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      </div>
      <div className="blog-card-body">
        <PostMeta className="blog-card-meta" {...post} />
        <h2 className="blog-card-title">
          {/* The state tells "Back to Blog" that going back returns to this list. */}
          <Link
            id={postLinkId(_id)}
            className="blog-card-link"
            to={{ search: `?post=${encodeURIComponent(_id)}` }}
            state={{ fromBlogList: true }}
          >
            {title}
          </Link>
        </h2>
        <p className="blog-card-summary">{shortDescription}</p>
        <KeywordList keywords={keywords} label={`Keywords for ${title}`} />
        <span className="blog-card-more" aria-hidden="true">
          Read the post
          <ArrowRightIcon />
        </span>
      </div>
    </article>
  );
}

/** The card's footprint without content, so the list does not jump when posts arrive. */
export function BlogCardSkeleton() {
  return (
    <div className="blog-card lift-card is-skeleton" aria-hidden="true">
      <div className="blog-card-media shimmer" />
      <div className="blog-card-body">
        <span className="blog-skeleton-line shimmer is-short" />
        <span className="blog-skeleton-line shimmer is-title" />
        <span className="blog-skeleton-line shimmer" />
        <span className="blog-skeleton-line shimmer" />
      </div>
    </div>
  );
}
