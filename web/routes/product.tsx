// Placeholder replaced by the storefront work on this screen.
export function ProductPage() {
  return <h1>Product</h1>;
}
