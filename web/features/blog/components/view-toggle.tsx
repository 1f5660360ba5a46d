import { GridIcon, ListIcon } from "./blog-icons";

export type BlogView = "grid" | "list";

const VIEWS = [
  { value: "grid", label: "Grid", Icon: GridIcon },
  { value: "list", label: "List", Icon: ListIcon },
] as const;

interface ViewToggleProps {
  view: BlogView;
  onChange: (view: BlogView) => void;
}

export function ViewToggle({ view, onChange }: ViewToggleProps) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">Show posts as</legend>
      {VIEWS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          className="view-toggle-button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
        >
          <Icon />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
