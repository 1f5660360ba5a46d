import { SORT_MODES, type SortMode } from "../../../../worker/contracts/catalogue";
import "./sort-select.css";

const SORT_LABELS: Record<SortMode, string> = {
  relevant: "Relevance",
  "low-high": "Price, low to high",
  "high-low": "Price, high to low",
};

export function SortSelect({
  value,
  onChange,
}: {
  value: SortMode;
  onChange: (sort: SortMode) => void;
}) {
  return (
    <div className="sort-select">
      <label htmlFor="collection-sort">Sort by</label>
      <select
        id="collection-sort"
        value={value}
        onChange={(event) =>
          onChange(SORT_MODES.find((mode) => mode === event.target.value) ?? "relevant")
        }
      >
        {SORT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {SORT_LABELS[mode]}
          </option>
        ))}
      </select>
    </div>
  );
}
