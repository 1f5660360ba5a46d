// Placeholder replaced by the storefront work on this screen.
export function ContactPage() {
  return <h1>Contact</h1>;
}
