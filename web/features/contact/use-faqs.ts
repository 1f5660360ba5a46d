import { useCallback, useEffect, useState } from "react";
import type { FaqDto } from "../../../worker/contracts/catalogue";
import { fetchFaqs } from "./api";

export type FaqsState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; faqs: FaqDto[] };

/** The FAQ entries; a failure stays inline (the SPEC names no toast for it), with `retry`. */
export function useFaqs(): FaqsState & { retry: () => void } {
  const [state, setState] = useState<FaqsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchFaqs(controller.signal).then(
      (faqs) => {
        if (!controller.signal.aborted) setState({ status: "ready", faqs });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
