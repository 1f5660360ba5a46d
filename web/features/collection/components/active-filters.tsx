import { CloseIcon } from "../../../components/icons";
import "../../../components/shapes.css";
import "./active-filters.css";

export interface ActiveFilter {
  key: string;
  label: string;
  remove: () => void;
}

/** What is narrowing the list right now, each removable in one tap (the panel may be folded). */
export function ActiveFilters({ filters }: { filters: ActiveFilter[] }) {
  if (filters.length === 0) return null;
  return (
    <ul className="active-filters chip-row" aria-label="Active filters">
      {filters.map(({ key, label, remove }) => (
        <li key={key}>
          <button type="button" className="filter-chip" onClick={remove}>
            <span className="visually-hidden">Remove </span>
            {label}
            <CloseIcon className="filter-chip-icon" />
          </button>
        </li>
      ))}
    </ul>
  );
}
