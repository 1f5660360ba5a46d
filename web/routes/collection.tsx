// Placeholder replaced by the storefront work on this screen.
export function CollectionPage() {
  return <h1>Collection</h1>;
}
