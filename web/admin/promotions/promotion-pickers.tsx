// What a promotion applies to, chosen from the catalogue through the catalogue area's own calls:
// categories as a list of checkboxes, products found by name with a checkbox each. The choice is
// a form value of ids joined by commas (promotion-values.ts).
import { useId, useState } from "react";
import type { AdminProductDto } from "../../../worker/contracts/admin-catalogue";
import { useLoad } from "../../lib/use-load";
import { fetchCategories } from "../categories/api";
import { LoadFailed, Loading } from "../components/load-state";
import { plural } from "../lib/format";
import { fetchProduct, fetchProducts } from "../products/api";
import { idList } from "./promotion-values";

interface PickerProps {
  /** Ids joined by commas. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** The ids with `id` added or taken out. */
const toggled = (value: string, id: string, on: boolean): string => {
  const ids = idList(value).filter((known) => known !== id);
  return (on ? [...ids, id] : ids).join(",");
};

function PickerError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

export function CategoryPicker({ value, onChange, error }: PickerProps) {
  const errorId = useId();
  const categories = useLoad(fetchCategories, {
    failure: { fallback: "The categories could not be loaded.", toast: false },
  });
  const chosen = new Set(idList(value));
  return (
    <fieldset className="promotion-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Categories</legend>
      {categories.status === "loading" ? <Loading label="Loading the categories…" /> : null}
      {categories.status === "failed" ? (
        <LoadFailed message={categories.message} onRetry={categories.reload} />
      ) : null}
      {categories.status === "loaded"
        ? categories.data.map((category) => (
            <label key={category._id} className="promotion-pick">
              <input
                type="checkbox"
                name="categoryIds"
                checked={chosen.has(category._id)}
                onChange={(event) => onChange(toggled(value, category._id, event.target.checked))}
              />
              {category.name}
            </label>
          ))
        : null}
      <PickerError id={errorId} error={error} />
    </fieldset>
  );
}

export function ProductPicker({ value, onChange, error }: PickerProps) {
  const errorId = useId();
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  // Names of products seen in any answer, so the chosen ones can be named after a new search.
  const [seen, setSeen] = useState<Map<string, AdminProductDto>>(new Map());
  const found = useLoad(
    async (signal, key: string) => {
      const answer = await fetchProducts({ q: key || undefined }, signal);
      setSeen((known) => new Map([...known, ...answer.products.map((p) => [p._id, p] as const)]));
      return answer.products;
    },
    { key: q, failure: { fallback: "The products could not be loaded.", toast: false } },
  );
  const chosenIds = idList(value);
  const chosen = new Set(chosenIds);
  // A stored promotion's products not in any answer yet are read one by one, for their names.
  const unseen = chosenIds.filter((id) => !seen.has(id)).join(",");
  useLoad(
    async (signal, key: string) => {
      const products = await Promise.all(idList(key).map((id) => fetchProduct(id, signal)));
      setSeen((known) => new Map([...known, ...products.map((p) => [p._id, p] as const)]));
    },
    { key: unseen, enabled: unseen !== "" && found.status !== "loading" },
  );
  return (
    <fieldset className="promotion-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Products</legend>
      <p className="field-hint">
        {plural(chosenIds.length, "product")} chosen
        {chosenIds.length > 0
          ? `: ${chosenIds.map((id) => seen.get(id)?.name ?? id).join(", ")}`
          : ""}
        .
      </p>
      <div className="promotion-picker-search">
        <label htmlFor={searchId} className="visually-hidden">
          Find products by name
        </label>
        <input
          id={searchId}
          className="field-input"
          type="search"
          value={typed}
          placeholder="Find products by name"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            // The picker sits inside the promotion's form: Enter finds, it does not save.
            event.preventDefault();
            setQ(typed.trim());
          }}
        />
        <button type="button" className="button button-ghost" onClick={() => setQ(typed.trim())}>
          Find
        </button>
      </div>
      {found.status === "loading" ? <Loading label="Loading the products…" /> : null}
      {found.status === "failed" ? (
        <LoadFailed message={found.message} onRetry={found.reload} />
      ) : null}
      {found.status === "loaded"
        ? found.data.map((product) => (
            <label key={product._id} className="promotion-pick">
              <input
                type="checkbox"
                name="productIds"
                checked={chosen.has(product._id)}
                onChange={(event) => onChange(toggled(value, product._id, event.target.checked))}
              />
              {product.name}
            </label>
          ))
        : null}
      <PickerError id={errorId} error={error} />
    </fieldset>
  );
}
