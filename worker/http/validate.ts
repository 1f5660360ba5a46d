// Validation at the edge of every route, failing with the one error shape.
import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { badRequest } from "./errors";

export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return vValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.issues.map((issue) => ({
        path: v.getDotPath(issue) ?? target,
        message: issue.message,
      }));
      throw badRequest(issues[0]?.message ?? "Invalid request", "invalid_input", issues);
    }
  });
}
