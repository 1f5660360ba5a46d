import { type ReactNode, useEffect, useRef, useState } from "react";
import type { MetaFunction } from "react-router";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { BlogPostDto } from "../../worker/contracts/catalogue";
import { ArrowRightIcon } from "../components/icons";
import { BlogAside } from "../features/blog/components/blog-aside";
import { BlogCard, BlogCardSkeleton, postLinkId } from "../features/blog/components/blog-card";
import {
  BackToBlogButton,
  BlogPost,
  BlogPostSkeleton,
} from "../features/blog/components/blog-post";
import { type BlogView, ViewToggle } from "../features/blog/components/view-toggle";
import { useBlogPosts } from "../features/blog/use-blog-posts";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";
import "./blog.css";

const BLOG_DESCRIPTION =
  "Guides and stories from Tamra & Tara: drinking from copper, setting up a puja corner, " +
  "vastu at home and the meaning behind the pieces our artisans make.";
const POST_PARAM = "post";
const SKELETON_CARDS = 4;
/** The first row is on screen at once in either view, so its covers load straight away. */
const EAGER_COVERS = 2;

function BlogList({ posts, view }: { posts: BlogPostDto[]; view: BlogView }) {
  return (
    <ul className={`blog-list is-${view}`}>
      {posts.map((post, index) => (
        <li key={post._id}>
          <BlogCard post={post} eager={index < EAGER_COVERS} />
        </li>
      ))}
    </ul>
  );
}

function BlogListSkeleton({ view }: { view: BlogView }) {
  return (
    <>
      <ul className={`blog-list is-${view}`} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index}>
            <BlogCardSkeleton />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        Loading blog posts…
      </p>
    </>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="blog-state">
      <h2 className="blog-state-title">The journal could not be reached</h2>
      <p>Please check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function NoPosts() {
  return (
    <div className="blog-state">
      <h2 className="blog-state-title">No Blog Posts Found</h2>
      <p>New stories are on their way. Until then, the collection is open.</p>
      <Link to={paths.collection} className="button button-primary">
        Browse the collection
        <ArrowRightIcon />
      </Link>
    </div>
  );
}

function PostNotFound({ onBack }: { onBack: () => void }) {
  return (
    <div className="blog-state">
      <h1 className="blog-state-title">This post could not be found</h1>
      <p>It may have been renamed or retired. The rest of the journal is a click away.</p>
      <BackToBlogButton onBack={onBack} />
    </div>
  );
}

/** After closing a post, focus returns to the card that opened it, as it would after Back. */
function useFocusReturn(postId: string | null, listShown: boolean): void {
  const lastOpened = useRef<string | null>(null);
  useEffect(() => {
    if (postId) {
      lastOpened.current = postId;
      return;
    }
    const closed = lastOpened.current;
    if (!closed || !listShown) return;
    lastOpened.current = null;
    const link = document.getElementById(postLinkId(closed));
    link?.scrollIntoView?.({ block: "center" });
    link?.focus({ preventScroll: true });
  }, [postId, listShown]);
}

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Blog",
    description: BLOG_DESCRIPTION,
    path: location.pathname,
    origin: shopOrigin(matches),
  });

export function BlogPage() {
  const blog = useBlogPosts();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<BlogView>("grid");
  const postId = params.get(POST_PARAM);
  const posts = blog.status === "loaded" ? blog.data : undefined;
  const openPost = postId ? posts?.find((post) => post._id === postId) : undefined;

  let title = "Blog";
  if (openPost) title = openPost.title;
  else if (postId && posts) title = "Post not found";
  // A post opens in place, after the page has loaded: its title is the tab's while it is open.
  usePageTitle(title, openPost?.shortDescription ?? BLOG_DESCRIPTION);
  useFocusReturn(postId, !postId && Boolean(posts?.length));

  const backToBlog = () => {
    // Opened from the list: step back, so the browser's Back does not return to the post.
    if ((location.state as { fromBlogList?: boolean } | null)?.fromBlogList) {
      navigate(-1);
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(POST_PARAM);
      return next;
    });
  };

  let main: ReactNode;
  if (blog.status === "failed") main = <LoadFailed onRetry={blog.reload} />;
  else if (postId) {
    if (!posts) main = <BlogPostSkeleton />;
    else if (openPost) main = <BlogPost post={openPost} onBack={backToBlog} />;
    else main = <PostNotFound onBack={backToBlog} />;
  } else if (!posts) main = <BlogListSkeleton view={view} />;
  else if (posts.length === 0) main = <NoPosts />;
  else main = <BlogList posts={posts} view={view} />;

  const showToolbar = !postId && blog.status !== "failed" && posts?.length !== 0;

  return (
    <div className="blog-page">
      {postId && blog.status !== "failed" ? null : (
        <header className="section-header blog-header">
          <p className="eyebrow">The Tamra &amp; Tara journal</p>
          <h1 className="section-title">Blog</h1>
          <p className="blog-intro">
            Rituals, care guides and the stories behind the copper, brass and clay our artisans
            shape by hand.
          </p>
        </header>
      )}
      <div className={postId ? "blog-layout is-reading" : "blog-layout"}>
        <div className="blog-main">
          {showToolbar ? (
            <div className="blog-toolbar">
              <p className="blog-count">
                {posts ? `${posts.length} ${posts.length === 1 ? "post" : "posts"}` : "\u00a0"}
              </p>
              <ViewToggle view={view} onChange={setView} />
            </div>
          ) : null}
          {main}
        </div>
        <BlogAside />
      </div>
    </div>
  );
}

export default BlogPage;
