// One JSON error shape for every failure, rendered from lib/app-error.ts's AppError: { success: false, message, code?, issues? }.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, type ErrorBody, notFound } from "../lib/app-error";

export function errorResponse(c: Context, err: AppError): Response {
  const body: ErrorBody = { success: false, message: err.message };
  if (err.code) body.code = err.code;
  if (err.issues?.length) body.issues = err.issues;
  return c.json(body, err.status, err.headers);
}

/** Hono's onError: known errors keep their status; anything else is logged and answered generically. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) return errorResponse(c, err);
  // Hono raises HTTPException for malformed JSON and similar client errors.
  if (
    "getResponse" in err &&
    "status" in err &&
    typeof err.status === "number" &&
    err.status < 500
  ) {
    return errorResponse(
      c,
      new AppError(err.status as ContentfulStatusCode, err.message || "Bad request"),
    );
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return errorResponse(c, new AppError(500, "Something went wrong on our side.", "internal_error"));
}

export function handleNotFound(c: Context): Response {
  return errorResponse(
    c,
    notFound(`No route for ${c.req.method} ${c.req.path}`, "route_not_found"),
  );
}
