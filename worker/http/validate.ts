// Validation at the edge of every route, failing with the one error shape.
import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { AppError, badRequest } from "../lib/app-error";

/** The media types Hono's JSON validator reads (hono/validator): application/json and any +json. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A body Hono's JSON validator would skip: one sent with another Content-Type, or none. Hono then
 * validates `{}` instead, and for a route whose fields are all optional (a cancellation, or a
 * payout batch at the default minimum) the request would do what its body never asked.
 */
function bodyNotJson(request: Request): boolean {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  return (
    !JSON_MEDIA_TYPE.test(mediaType) &&
    request.body !== null &&
    request.headers.get("content-length") !== "0"
  );
}

export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return vValidator(target, schema, (result, c) => {
    if (target === "json" && bodyNotJson(c.req.raw)) {
      throw new AppError(
        415,
        "Send the body as JSON, with Content-Type: application/json",
        "unsupported_media_type",
      );
    }
    if (!result.success) {
      const issues = result.issues.map((issue) => ({
        path: v.getDotPath(issue) ?? target,
        message: issue.message,
      }));
      throw badRequest(issues[0]?.message ?? "Invalid request", "invalid_input", issues);
    }
  });
}
