import type { FaqDto, FaqListResponse } from "../../../worker/contracts/catalogue";
import type { ContactInput, MessageResponse } from "../../../worker/contracts/contact";
import { api } from "../../lib/api-client";

export const fetchFaqs = async (signal?: AbortSignal): Promise<FaqDto[]> =>
  (await api<FaqListResponse>("/api/faq", { signal })).faqs;

export const submitContactMessage = (input: ContactInput): Promise<MessageResponse> =>
  api<MessageResponse>("/api/contact/submit", { method: "POST", body: input });
