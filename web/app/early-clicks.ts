/**
 * Remembers the buttons clicked in the pre-rendered first frame before the app has started (they
 * do nothing yet, and a form's would submit it the browser's way), and returns the function that
 * clicks them again once it has: a hydrated frame keeps its elements, so the click lands where the
 * visitor meant it. Buttons the app replaced instead are gone, and their clicks with them. Links
 * work before the app does.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    // React listens on the same root once hydration begins: without this it could handle the
    // click too, and the replay would then undo it (a menu opened, then closed again).
    event.stopImmediatePropagation();
    held.push(button);
  };
  root.addEventListener("click", hold, true);
  return () => {
    root.removeEventListener("click", hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}
