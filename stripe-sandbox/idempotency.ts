// Stripe's idempotency contract: a POST retried with the same Idempotency-Key and the same
// parameters gets the first response back instead of running twice.
import { StripeApiError } from "./errors";

interface Saved {
  path: string;
  params: string;
  status: number;
  body: unknown;
}

export type Lookup = { kind: "new" } | { kind: "replay"; status: number; body: unknown };

export class IdempotencyStore {
  private readonly saved = new Map<string, Saved>();

  /** Throws Stripe's idempotency_error when the key was used for a different request. */
  lookup(key: string, path: string, params: string): Lookup {
    const previous = this.saved.get(key);
    if (!previous) return { kind: "new" };
    if (previous.path !== path) {
      throw conflict(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.path}' vs '${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (previous.params !== params) {
      throw conflict(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { kind: "replay", status: previous.status, body: previous.body };
  }

  save(key: string, path: string, params: string, status: number, body: unknown): void {
    this.saved.set(key, { path, params, status, body });
  }
}

const conflict = (message: string) =>
  new StripeApiError(400, { type: "idempotency_error", message });
