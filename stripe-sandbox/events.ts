// Every event the sandbox emits is kept, so tests that run the Worker without a reachable
// webhook port can read them back from GET /v1/events and deliver them by hand.
import { resourceMissing } from "./errors";
import type { FormValue } from "./form";
import { randomId, unixSeconds } from "./ids";
import { integer, optional, parseParams, string } from "./params";

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The API request that caused an event; null for the customer's actions on the hosted page. */
export interface EventCause {
  requestId: string | null;
  idempotencyKey: string | null;
}

export const CUSTOMER_ACTION: EventCause = { requestId: null, idempotencyKey: null };

export class EventLog {
  private readonly events: StripeEvent[] = [];

  constructor(private readonly apiVersion: string) {}

  record(
    type: string,
    object: unknown,
    cause: EventCause,
    pendingWebhooks: number,
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: randomId("evt_"),
      object: "event",
      api_version: this.apiVersion,
      created: unixSeconds(),
      // A snapshot: later changes to the resource must not show up in an old event.
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: pendingWebhooks,
      request: { id: cause.requestId, idempotency_key: cause.idempotencyKey },
      type,
    };
    this.events.push(event);
    return event;
  }

  retrieve(id: string, query: Record<string, FormValue>): StripeEvent {
    parseParams({}, query);
    const event = this.events.find((e) => e.id === id);
    if (!event) throw resourceMissing("event", id);
    return event;
  }

  list(query: Record<string, FormValue>) {
    const params = parseParams(
      {
        type: optional(string({ maxLength: 5000 })),
        limit: optional(integer({ min: 1, max: 100 })),
        starting_after: optional(string({ maxLength: 5000 })),
      },
      query,
    );
    const matches = (type: string) => {
      if (!params.type) return true;
      // Stripe's filter takes a trailing wildcard, e.g. `checkout.session.*`.
      return params.type.endsWith("*")
        ? type.startsWith(params.type.slice(0, -1))
        : type === params.type;
    };
    let newestFirst = [...this.events].reverse().filter((e) => matches(e.type));
    if (params.starting_after) {
      const index = newestFirst.findIndex((e) => e.id === params.starting_after);
      if (index < 0) throw resourceMissing("event", params.starting_after, "starting_after");
      newestFirst = newestFirst.slice(index + 1);
    }
    const limit = params.limit ?? 10;
    return {
      object: "list",
      data: newestFirst.slice(0, limit),
      has_more: newestFirst.length > limit,
      url: "/v1/events",
    };
  }
}
