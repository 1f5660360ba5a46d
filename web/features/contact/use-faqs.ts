import type { FaqDto } from "../../../worker/contracts/catalogue";
import { type Load, useLoad } from "../../lib/use-load";
import { fetchFaqs } from "./api";

/** The FAQ entries; a failure stays inline (the SPEC names no toast for it), with `reload`. */
export const useFaqs = (): Load<FaqDto[]> => useLoad(fetchFaqs);
