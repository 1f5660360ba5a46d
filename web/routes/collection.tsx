import { useEffect, useMemo, useRef, useState } from "react";
import {
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
  useLoaderData,
} from "react-router";
import { COLLECTION_DESCRIPTION, COLLECTION_TITLE } from "../../worker/contracts/site";
import { useCategories } from "../features/catalogue/use-catalogue";
import {
  answeredPage,
  DEFAULT_QUERY,
  filtersOf,
  parseCollectionParams,
  resolveCategories,
  toSearchRequest,
  updateQuery,
} from "../features/collection/collection-query";
import { type ActiveFilter, ActiveFilters } from "../features/collection/components/active-filters";
import { FilterPanel } from "../features/collection/components/filter-panel";
import { Pagination } from "../features/collection/components/pagination";
import { ResultsGrid } from "../features/collection/components/results-grid";
import { SearchBox } from "../features/collection/components/search-box";
import { SortSelect } from "../features/collection/components/sort-select";
import {
  useCollectionQuery,
  useResetPageOnNewData,
} from "../features/collection/use-collection-query";
import { type Answered, useProductSearch } from "../features/collection/use-product-search";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import "./collection.css";

const FILTERS_ID = "collection-filters";

/**
 * The page of products the address asks for, answered as GET /api/product/search answers it, so
 * its first HTML holds the cards (and the first row's pictures, its largest paint). A category
 * is asked for only once the shop's names are known in the browser (the screen resolves them):
 * that page's first HTML shows its results loading, as the screen's first render does.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseCollectionParams(new URL(request.url).searchParams);
  if (query.categories.length > 0) return { first: null };
  const asked = toSearchRequest(query);
  const answer = await context.shop.search(asked);
  return { first: answer && { request: asked, answer } };
}

/**
 * A new filter, search or page is the screen's own question (use-product-search.ts), asked of the
 * API while the page on screen stays: only arriving from another page asks the loader.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** Filtered or not, the collection's canonical address is the plain one. */
export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: COLLECTION_TITLE,
    description: COLLECTION_DESCRIPTION,
    path: location.pathname,
    origin: shopOrigin(matches),
  });

const FilterIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <path d="M4 7h10m4 0h2M4 17h4m4 0h8" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="16" cy="7" r="2.2" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="10" cy="17" r="2.2" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

function CollectionScreen({ onRetry, first }: { onRetry: () => void; first?: Answered | null }) {
  const queryState = useCollectionQuery();
  const { query, setQuery } = queryState;
  const categories = useCategories();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLElement>(null);
  const filtersToggle = useRef<HTMLButtonElement>(null);

  const known = useMemo(() => categories.data?.map(({ name }) => name), [categories.data]);
  // Unknown category names in the address are ignored once the shop's own list is known.
  const checked = useMemo(() => resolveCategories(query.categories, known), [query, known]);
  const current = { ...query, categories: checked };
  // A category in the address waits for the shop's names, so an unknown name is never asked
  // for (it would match nothing) and never flashes an empty result.
  const request =
    query.categories.length > 0 && categories.loading ? null : toSearchRequest(current);
  const search = useProductSearch(request, first ?? undefined);
  // While page 1 is asked for instead of a page past the last, the page before stays too.
  const shown =
    search.status === "ready" || search.status === "past-end" ? search.shown : undefined;
  const pending = search.status === "past-end" || (search.status === "ready" && search.pending);
  const page = shown ? answeredPage(shown.answer) : undefined;
  const facets = shown?.answer.facets;
  useResetPageOnNewData(
    shown && { filters: filtersOf(shown.request), total: shown.answer.total },
    queryState,
  );
  // A page past the last shows page 1, as the address then says.
  const pastEnd = search.status === "past-end";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a page past the end is the trigger.
  useEffect(() => {
    if (pastEnd) setQuery({ ...query, page: 1 }, { replace: true });
  }, [pastEnd]);

  const change = (next: Parameters<typeof updateQuery>[1]) => setQuery(updateQuery(current, next));
  const clearAll = () => setQuery({ ...DEFAULT_QUERY, sort: query.sort });

  const active: ActiveFilter[] = [
    ...(current.search
      ? [{ key: "q", label: `“${current.search}”`, remove: () => change({ search: "" }) }]
      : []),
    ...current.categories.map((name) => ({
      key: `category-${name}`,
      label: name,
      remove: () => change({ categories: current.categories.filter((n) => n !== name) }),
    })),
    ...(current.premium
      ? [{ key: "premium", label: "Premium", remove: () => change({ premium: false }) }]
      : []),
    ...(current.sale
      ? [{ key: "sale", label: "On Sale", remove: () => change({ sale: false }) }]
      : []),
    ...(current.hideSoldOut
      ? [{ key: "instock", label: "In stock only", remove: () => change({ hideSoldOut: false }) }]
      : []),
  ];
  const filterCount = active.length - (current.search ? 1 : 0);

  let status = "Loading products…";
  if (search.status === "failed") status = "Products could not be loaded.";
  else if (page && page.total === 0) status = "No products found";
  else if (page) {
    const noun = page.total === 1 ? "product" : "products";
    const range = page.pageCount > 1 ? `${page.first}–${page.last} of ` : "";
    status = `Showing ${range}${page.total} ${noun}`;
  }
  // Pages link from the filters the shown page answered, until the next one arrives.
  const pagedQuery = shown ? parseCollectionParams(new URLSearchParams(shown.request)) : current;

  return (
    <div className="collection">
      <header className="section-header collection-header">
        <p className="eyebrow">Handcrafted in India · Sent from Brisbane</p>
        <h1 className="section-title">The Collection</h1>
        <p className="collection-intro">
          Copper vessels, wind chimes, diyas and sacred décor, chosen to bring luck, prosperity and
          health into your home.
        </p>
      </header>

      <div className="collection-toolbar">
        <SearchBox applied={current.search} onSearch={(search) => change({ search })} />
        <button
          type="button"
          ref={filtersToggle}
          className="button filter-toggle"
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FilterIcon />
          Filters
          {filterCount > 0 ? (
            <span className="filter-toggle-count">
              {filterCount}
              <span className="visually-hidden"> active</span>
            </span>
          ) : null}
        </button>
        <SortSelect value={current.sort} onChange={(sort) => change({ sort })} />
      </div>

      <div className="collection-body">
        <FilterPanel
          id={FILTERS_ID}
          open={filtersOpen}
          categories={categories}
          facets={facets}
          checked={current.categories}
          premium={current.premium}
          sale={current.sale}
          hideSoldOut={current.hideSoldOut}
          onToggleCategory={(name, on) =>
            change({
              categories: on
                ? [...current.categories, name]
                : current.categories.filter((n) => n !== name),
            })
          }
          onPremium={(premium) => change({ premium })}
          onSale={(sale) => change({ sale })}
          onHideSoldOut={(hideSoldOut) => change({ hideSoldOut })}
          onReset={() =>
            change({ categories: [], premium: false, sale: false, hideSoldOut: false })
          }
          onClose={() => {
            setFiltersOpen(false);
            // The button vanishes with the panel, so focus returns to the toggle that opened it.
            filtersToggle.current?.focus();
          }}
          total={search.status === "failed" ? undefined : page?.total}
        />

        <section
          className="collection-results"
          aria-labelledby="results-heading"
          aria-busy={pending || undefined}
          ref={resultsTop}
        >
          <h2 id="results-heading" className="visually-hidden">
            Products
          </h2>
          <div className="results-bar">
            <p className="results-count" role="status">
              {status}
            </p>
            <ActiveFilters filters={active} />
          </div>
          {search.status === "failed" ? (
            <ResultsGrid state="error" onRetry={onRetry} />
          ) : page ? (
            <ResultsGrid state="ready" products={page.items} onClearAll={clearAll} />
          ) : (
            <ResultsGrid state="loading" />
          )}
          <Pagination
            query={pagedQuery}
            page={page?.page ?? 1}
            pageCount={search.status === "failed" ? 1 : (page?.pageCount ?? 1)}
            onNavigate={() => resultsTop.current?.scrollIntoView({ block: "start" })}
          />
        </section>
      </div>
    </div>
  );
}

export function CollectionPage({ first }: { first?: Answered | null }) {
  // A retry mounts the screen afresh, which asks the search and the shared category list again.
  const [attempt, setAttempt] = useState(0);
  return (
    <CollectionScreen
      key={attempt}
      first={attempt === 0 ? first : undefined}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

export default function CollectionRoute() {
  const { first } = useLoaderData<typeof loader>();
  return <CollectionPage first={first} />;
}
