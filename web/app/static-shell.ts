// What the build knows of each page's HTML file (app/render-shell.tsx renders them; the
// static-shells plugin, build/static-shells.ts, writes them). Types only, with no browser code, so
// the Node-side build can import it too.

export interface StaticShell {
  /** The file in web/dist; the static assets serve `cart.html` for /cart. */
  file: string;
  /** The route it renders: its pattern, as in the route table. */
  path: string;
  /** An address pattern served this file as well (a `_redirects` rewrite). */
  rewrite?: string;
  /**
   * The screen's module: the frame shows the screen in its loading state and the page links the
   * screen's code and styles. Without one, the frame is the layout around the loading spinner.
   */
  screen?: string;
  /** The screen renders from the address's query (the collection's filters). */
  readsQuery?: boolean;
  /**
   * The screen's first render depends on what this browser stores (the cart), which the build
   * cannot see: the frame shows it loading, and the app renders the page afresh rather than
   * taking the frame over, so nothing on screen moves when the real content arrives.
   */
  readsStorage?: boolean;
  /** API reads the page starts at once, in parallel with its scripts. */
  fetches: readonly string[];
  /**
   * The page's largest paint is in this frame (the home hero), so the app's code is fetched once
   * the frame is on screen. Otherwise it is fetched at once: the screen's content needs it.
   */
  paintsFirst?: boolean;
}
