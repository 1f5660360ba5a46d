// What the route handlers share: the stored resources, the event log and the webhook sender.
import { type EventCause, EventLog } from "./events";
import { IdempotencyStore } from "./idempotency";
import { Store } from "./state";
import { type WebhookOptions, WebhookSender } from "./webhooks";

export interface ContextOptions extends WebhookOptions {
  apiKey: string;
  apiVersion: string;
  minimumExpirySeconds: number;
}

export class SandboxContext {
  readonly store = new Store();
  readonly idempotency = new IdempotencyStore();
  readonly events: EventLog;
  readonly webhooks: WebhookSender;
  readonly apiKey: string;
  readonly minimumExpirySeconds: number;
  readonly log: (line: string) => void;
  readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  /** http://127.0.0.1:<port>, known once the server listens. */
  baseUrl = "";

  constructor(options: ContextOptions) {
    this.events = new EventLog(options.apiVersion);
    this.webhooks = new WebhookSender(options);
    this.apiKey = options.apiKey;
    this.minimumExpirySeconds = options.minimumExpirySeconds;
    this.log = options.log;
  }

  /** Records an event and starts its delivery; resolves once the first attempt is answered. */
  emit(
    type: string,
    object: unknown,
    cause: EventCause,
    previousAttributes?: Record<string, unknown>,
  ): Promise<void> {
    const pending = this.webhooks.enabled ? 1 : 0;
    const event = this.events.record(type, object, cause, pending, previousAttributes);
    this.log(`event ${event.type} ${event.id}`);
    return this.webhooks.send(event);
  }

  close(): void {
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
    this.webhooks.close();
  }
}
