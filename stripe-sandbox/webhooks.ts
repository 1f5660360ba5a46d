// Webhook delivery as Stripe does it: a signed JSON POST, retried with back-off until the
// endpoint answers 2xx or the schedule runs out.
import { createHmac } from "node:crypto";
import type { StripeEvent } from "./events";
import { unixSeconds } from "./ids";

const ATTEMPT_TIMEOUT_MS = 10_000;

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, keyed by the whole whsec_ string. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export interface WebhookOptions {
  url: string | undefined;
  secret: string;
  retryDelaysMs: readonly number[];
  log: (line: string) => void;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {}

  get enabled(): boolean {
    return this.options.url !== undefined;
  }

  /** Resolves when the first attempt has an answer; retries carry on in the background. */
  send(event: StripeEvent): Promise<void> {
    if (!this.enabled || this.closed) return Promise.resolve();
    return this.attempt(event, 0);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async attempt(event: StripeEvent, index: number): Promise<void> {
    if (this.closed) return;
    const { ok, outcome } = await this.post(event);
    const label = `webhook ${event.type} ${event.id} attempt ${index + 1}: ${outcome}`;
    if (ok) {
      event.pending_webhooks = 0;
      this.options.log(label);
      return;
    }
    if (this.closed) return;
    const delay = this.options.retryDelaysMs[index];
    if (delay === undefined) {
      this.options.log(`${label}; giving up`);
      return;
    }
    this.options.log(`${label}; retrying in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, index + 1);
    }, delay);
    // Pending retries alone must not keep a test process alive; close() clears them anyway.
    timer.unref();
    this.timers.add(timer);
  }

  private async post(event: StripeEvent): Promise<{ ok: boolean; outcome: string }> {
    const url = this.options.url as string;
    const payload = JSON.stringify(event, null, 2);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          Accept: "*/*; q=0.5, application/xml",
          "Cache-Control": "no-cache",
          // Signed afresh for every attempt, so a retry is never refused as too old.
          "Stripe-Signature": signatureHeader(payload, this.options.secret, unixSeconds()),
        },
        body: payload,
        redirect: "manual",
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return { ok: response.status >= 200 && response.status < 300, outcome: `${response.status}` };
    } catch (error) {
      return { ok: false, outcome: `failed (${describe(error)})` };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}
