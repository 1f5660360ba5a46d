// The collection's one page of products, asked of the Worker's search: one request per
// question, the previous one cancelled when the address moves on, and the page on screen kept
// while the next one loads, so the grid never falls back to placeholders between pages.
import { useMemo, useState } from "react";
import type { ProductSearchResponse } from "../../../worker/contracts/catalogue";
import { useLoad } from "../../lib/use-load";
import { answeredSearch, searchProducts } from "../catalogue/api";
import { isPastLastPage } from "./collection-query";

export interface Answered {
  /** The query string asked (`toSearchRequest`). */
  request: string;
  answer: ProductSearchResponse;
}

export type ProductSearchState =
  /** Nothing to show yet: the first answer is on its way. */
  | { status: "loading" }
  | { status: "failed" }
  /** `shown` answers `request`, or, while `pending`, an earlier question. */
  | { status: "ready"; shown: Answered; pending: boolean }
  /** The page asked is past the last one: the screen asks for page 1 instead. */
  | { status: "past-end"; shown: Answered | undefined };

/**
 * `request` null: the question cannot be put yet (category names still unresolved). `first` is
 * the answer the page arrived with (its loader's): its question is not asked again.
 */
export function useProductSearch(request: string | null, first?: Answered): ProductSearchState {
  const fromPage = first && first.request === request ? first : undefined;
  const load = useLoad(
    async (signal, key): Promise<Answered> => ({
      request: key ?? "",
      answer: await searchProducts(key ?? "", signal),
    }),
    {
      key: request,
      enabled: request !== null && !fromPage,
      // A page of cards renders in slices that yield to the browser.
      transition: true,
      failure: {
        fallback: "Could not load products",
        ignoreServerMessage: true,
        toastId: "load-search",
      },
    },
  );
  const [kept, setKept] = useState<Answered>();
  // A question answered already (a page visited before) shows at once, while the load confirms it.
  const early = request === null ? undefined : answeredSearch(request);
  const known = useMemo(
    () => (early && request !== null ? { request, answer: early } : undefined),
    [request, early],
  );
  const current =
    fromPage ??
    (load.status === "loaded" ? load.data : load.status === "loading" ? known : undefined);
  const showable = current && !isPastLastPage(current.answer) ? current : undefined;
  // Remembered while rendering, not in an effect, so the next question's render still has it.
  if (showable && showable !== kept) setKept(showable);

  if (load.status === "failed") return { status: "failed" };
  if (current && !showable) return { status: "past-end", shown: kept };
  const shown = showable ?? kept;
  if (!shown) return { status: "loading" };
  return { status: "ready", shown, pending: shown !== showable };
}
