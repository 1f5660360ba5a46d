import { useMemo } from "react";
import { useLoad } from "../../lib/use-load";
import { fetchCategories } from "../categories/api";
import type { CategoryNames } from "./audit-format";

const NONE: CategoryNames = new Map();

/** Category ids to names, for the audit log; until they load (or if they cannot), ids show. */
export function useCategoryNames(): CategoryNames {
  const categories = useLoad(fetchCategories);
  const data = categories.status === "loaded" ? categories.data : null;
  return useMemo(
    () => (data ? new Map(data.map((category) => [category._id, category.name])) : NONE),
    [data],
  );
}
