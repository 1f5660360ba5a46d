// Placeholder replaced by the storefront work on this screen.
export function BlogPage() {
  return <h1>Blog</h1>;
}
