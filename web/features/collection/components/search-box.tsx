import { type RefObject, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { SearchIcon } from "../../../components/icons";
import "./search-box.css";

/** The navbar's search icon links to /collection#search; this is that target. */
export const SEARCH_INPUT_ID = "search";

/** Scrolls to and focuses the box whenever the address asks for #search. */
function useFocusOnSearchHash(input: RefObject<HTMLInputElement | null>) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (key) may ask again.
  useEffect(() => {
    if (hash !== `#${SEARCH_INPUT_ID}`) return;
    // A frame later, so the layout's scroll-to-top on a path change has already run.
    const frame = requestAnimationFrame(() => {
      input.current?.scrollIntoView({ block: "center" });
      input.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

interface SearchBoxProps {
  /** The search in force; the box shows it again after Back or a reset. */
  applied: string;
  onSearch: (search: string) => void;
}

/** Typing changes nothing until Enter or the button applies it (SPEC.md). */
export function SearchBox({ applied, onSearch }: SearchBoxProps) {
  const [draft, setDraft] = useState(applied);
  const input = useRef<HTMLInputElement>(null);
  useFocusOnSearchHash(input);
  useEffect(() => setDraft(applied), [applied]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17, so the role stays.
    <form
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="visually-hidden">
        Search products
      </label>
      <SearchIcon className="search-box-icon" />
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        type="search"
        name="q"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button-primary search-box-button">
        Search
      </button>
    </form>
  );
}
