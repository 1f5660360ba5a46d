// Stripe's error envelope. The SDK picks its error class from the HTTP status and the
// `type` field, so both must match what api.stripe.com sends for the same mistake.

export interface StripeErrorBody {
  type: "invalid_request_error" | "idempotency_error" | "api_error" | "card_error";
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    // Stripe does not store an idempotent result when the parameters fail validation,
    // so a corrected retry with the same key is allowed to run.
    readonly beforeExecution = false,
  ) {
    super(body.message);
  }
}

interface ErrorOptions {
  code?: string;
  param?: string;
  status?: number;
  beforeExecution?: boolean;
}

export function invalidRequest(message: string, options: ErrorOptions = {}): StripeApiError {
  const body: StripeErrorBody = { type: "invalid_request_error", message };
  if (options.code) {
    body.code = options.code;
    body.doc_url = `https://stripe.com/docs/error-codes/${options.code.replaceAll("_", "-")}`;
  }
  if (options.param) body.param = options.param;
  return new StripeApiError(options.status ?? 400, body, options.beforeExecution ?? false);
}

/** Errors raised while checking parameters: never stored against an idempotency key. */
export function paramError(message: string, param: string, code?: string): StripeApiError {
  return invalidRequest(message, { param, beforeExecution: true, ...(code ? { code } : {}) });
}

export const parameterMissing = (param: string) =>
  paramError(`Missing required param: ${param}.`, param, "parameter_missing");

export const parameterUnknown = (param: string) =>
  paramError(`Received unknown parameter: ${param}`, param, "parameter_unknown");

export const resourceMissing = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, {
    code: "resource_missing",
    // A missing object named in the URL is a 404; one named in a parameter is a 400.
    status: param ? 400 : 404,
    ...(param ? { param } : {}),
  });

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { status: 404 },
  );
}
