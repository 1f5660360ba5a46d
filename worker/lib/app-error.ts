// The one error class every layer raises: a status, a message the shop shows, and an optional code
// and field issues. The HTTP layer renders it as { success: false, message, code?, issues? }
// (http/errors.ts); services raise it without knowing about HTTP.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface ErrorBody {
  success: false;
  message: string;
  code?: string;
  issues?: { path: string; message: string }[];
}

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
    readonly issues?: ErrorBody["issues"],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "bad_request", issues?: ErrorBody["issues"]) =>
  new AppError(400, message, code, issues);
export const notFound = (message = "Not found", code = "not_found") =>
  new AppError(404, message, code);
