import type { CategoryDto, ProductSearchFacets } from "../../../../worker/contracts/catalogue";
import type { Resource } from "../../catalogue/use-catalogue";
import "../../../components/shapes.css";
import "./filter-panel.css";

interface FilterPanelProps {
  id: string;
  open: boolean;
  categories: Resource<CategoryDto[]>;
  /**
   * How many products each box would show with the other filters as they are, beside each box
   * once the search has answered.
   */
  facets: ProductSearchFacets | undefined;
  checked: readonly string[];
  premium: boolean;
  sale: boolean;
  hideSoldOut: boolean;
  onToggleCategory: (name: string, on: boolean) => void;
  onPremium: (on: boolean) => void;
  onSale: (on: boolean) => void;
  onHideSoldOut: (on: boolean) => void;
  onReset: () => void;
  /** Folds the panel on phones and tablets; its button says how many products now match. */
  onClose: () => void;
  /** Matching products, once known. */
  total: number | undefined;
}

function CheckRow({
  label,
  count,
  checked,
  onChange,
}: {
  label: string;
  count?: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li>
      <label className="check-row">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="check-row-label">{label}</span>
        {/* The count repeats what the results line announces, so it stays out of the name. */}
        {count === undefined ? null : (
          <span className="check-row-count" aria-hidden="true">
            {count}
          </span>
        )}
      </label>
    </li>
  );
}

function CategoryChecks({
  categories,
  facets,
  checked,
  onToggleCategory,
}: Pick<FilterPanelProps, "categories" | "facets" | "checked" | "onToggleCategory">) {
  if (categories.loading) {
    return (
      <div className="filter-loading" aria-busy="true">
        <span className="skeleton-line" />
        <span className="skeleton-line is-short" />
        <span className="skeleton-line" />
      </div>
    );
  }
  if (categories.error) return <p className="filter-note">Categories could not be loaded.</p>;
  const list = categories.data ?? [];
  if (list.length === 0) return <p className="filter-note">No categories found</p>;
  const counts = facets && new Map(facets.categories.map((c) => [c.name.toLowerCase(), c.count]));
  return (
    <ul className="check-list">
      {list.map(({ _id, name }) => (
        <CheckRow
          key={_id}
          label={name}
          count={counts && (counts.get(name.toLowerCase()) ?? 0)}
          checked={checked.includes(name)}
          onChange={(on) => onToggleCategory(name, on)}
        />
      ))}
    </ul>
  );
}

/** On phones and tablets it folds behind the Filters toggle; on desktops it is a sidebar. */
export function FilterPanel(props: FilterPanelProps) {
  const { id, open, premium, sale, hideSoldOut, checked, facets, onReset, onClose, total } = props;
  const active = checked.length > 0 || premium || sale || hideSoldOut;
  return (
    <aside id={id} className={open ? "filter-panel is-open" : "filter-panel"} aria-label="Filters">
      <fieldset className="filter-group">
        <legend>Categories</legend>
        <CategoryChecks {...props} />
      </fieldset>
      <fieldset className="filter-group">
        <legend>Refine</legend>
        <ul className="check-list">
          <CheckRow
            label="Premium"
            count={facets?.premium}
            checked={premium}
            onChange={props.onPremium}
          />
          <CheckRow label="On Sale" count={facets?.sale} checked={sale} onChange={props.onSale} />
          <CheckRow label="Hide sold out" checked={hideSoldOut} onChange={props.onHideSoldOut} />
        </ul>
      </fieldset>
      <button
        type="button"
        className="button button-ghost filter-reset"
        onClick={active ? onReset : undefined}
        aria-disabled={!active}
      >
        Reset Filters
      </button>
      <button type="button" className="button button-primary filter-done" onClick={onClose}>
        {total === undefined
          ? "Show products"
          : `Show ${total} ${total === 1 ? "product" : "products"}`}
      </button>
    </aside>
  );
}
