import { useMemo, useRef, useState } from "react";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { useCategories, useProducts } from "../features/catalogue/use-catalogue";
import {
  DEFAULT_QUERY,
  paginate,
  resolveCategories,
  selectProducts,
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
import { usePageTitle } from "../lib/page-title";
import "./collection.css";

const FILTERS_ID = "collection-filters";

function countByCategory(products: readonly ProductDto[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { category } of products ?? []) counts.set(category, (counts.get(category) ?? 0) + 1);
  return counts;
}

const FilterIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <path d="M4 7h10m4 0h2M4 17h4m4 0h8" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="16" cy="7" r="2.2" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="10" cy="17" r="2.2" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

function CollectionScreen({ onRetry }: { onRetry: () => void }) {
  const queryState = useCollectionQuery();
  const { query, setQuery } = queryState;
  const products = useProducts();
  const categories = useCategories();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLElement>(null);
  const filtersToggle = useRef<HTMLButtonElement>(null);
  useResetPageOnNewData(products.data, queryState);

  const known = useMemo(() => categories.data?.map(({ name }) => name), [categories.data]);
  const counts = useMemo(() => countByCategory(products.data), [products.data]);
  // Unknown category names in the address are ignored once the shop's own list is known.
  const checked = useMemo(() => resolveCategories(query.categories, known), [query, known]);
  const current = { ...query, categories: checked };
  const selected = useMemo(
    () => selectProducts(products.data ?? [], { ...query, categories: checked }),
    [products.data, query, checked],
  );
  const shown = paginate(selected, query.page);
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

  // A category in the address stays "loading" until the shop's names are known, so an
  // unknown name never flashes an empty result.
  const waiting = products.loading || (query.categories.length > 0 && categories.loading);
  let status = "Loading products…";
  if (!waiting && products.error) status = "Products could not be loaded.";
  else if (!waiting && shown.total === 0) status = "No products found";
  else if (!waiting) {
    const noun = shown.total === 1 ? "product" : "products";
    const range = shown.pageCount > 1 ? `${shown.first}–${shown.last} of ` : "";
    status = `Showing ${range}${shown.total} ${noun}`;
  }

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
          counts={counts}
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
          total={waiting || products.error ? undefined : shown.total}
        />

        <section className="collection-results" aria-labelledby="results-heading" ref={resultsTop}>
          <h2 id="results-heading" className="visually-hidden">
            Products
          </h2>
          <div className="results-bar">
            <p className="results-count" role="status">
              {status}
            </p>
            <ActiveFilters filters={active} />
          </div>
          {waiting ? (
            <ResultsGrid state="loading" />
          ) : products.error ? (
            <ResultsGrid state="error" onRetry={onRetry} />
          ) : (
            <ResultsGrid state="ready" products={shown.items} onClearAll={clearAll} />
          )}
          <Pagination
            query={current}
            page={shown.page}
            pageCount={shown.pageCount}
            onNavigate={() => resultsTop.current?.scrollIntoView({ block: "start" })}
          />
        </section>
      </div>
    </div>
  );
}

export function CollectionPage() {
  usePageTitle(
    "Shop the collection",
    "Search and filter copper water bottles, wind chimes, wall hangings, singing bowls, idols and " +
      "puja essentials handcrafted in India, sent from Brisbane.",
  );
  // A retry mounts the screen afresh, which asks the shared catalogue loader again.
  const [attempt, setAttempt] = useState(0);
  return <CollectionScreen key={attempt} onRetry={() => setAttempt((n) => n + 1)} />;
}
