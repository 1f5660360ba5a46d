// A local stand-in for api.stripe.com: the calls our Worker makes, the hosted checkout page
// and signed webhooks, all in memory. Point the SDK at it with
// `{ host: "127.0.0.1", port, protocol: "http", httpClient: Stripe.createFetchHttpClient() }`.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { sdkApiVersion } from "./api-version";
import { SandboxContext } from "./context";
import { unrecognizedUrl } from "./errors";
import { handleHostedPage } from "./hosted";
import { sendJson } from "./http";

export interface StripeSandboxOptions {
  /** Default 12111; 0 picks a free port (read it back from `port`). */
  port?: number;
  host?: string;
  /** The sk_test_ key requests must carry. */
  apiKey: string;
  /** The whsec_ secret webhooks are signed with. */
  webhookSecret: string;
  /** Where events are POSTed; without it they are only recorded (see GET /v1/events). */
  webhookUrl?: string;
  /** Waits before each retry of a failed delivery; one retry per entry. */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
  /**
   * Test hook: the shortest `expires_at` accepted, in seconds. Stripe's rule is 30 minutes;
   * lowering it lets a test watch a session expire on its own.
   */
  minimumExpirySeconds?: number;
}

export interface StripeSandbox {
  /** e.g. http://127.0.0.1:12111 */
  url: string;
  port: number;
  close(): Promise<void>;
}

const HOSTED_PAGE = /^\/c\/pay\/([^/]+)$/;

async function dispatch(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse) {
  try {
    const url = new URL(req.url ?? "/", ctx.baseUrl || "http://127.0.0.1");
    const hosted = HOSTED_PAGE.exec(url.pathname);
    if (url.pathname === "/v1" || url.pathname.startsWith("/v1/")) {
      await handleApi(ctx, req, res, url);
    } else if (hosted?.[1]) {
      await handleHostedPage(ctx, req, res, decodeURIComponent(hosted[1]));
    } else {
      const error = unrecognizedUrl(req.method ?? "GET", url.pathname);
      sendJson(res, error.status, { error: error.body });
    }
  } catch (error) {
    ctx.log(`internal error on ${req.method} ${req.url}: ${String(error)}`);
    if (!res.headersSent) {
      sendJson(res, 500, { error: { type: "api_error", message: "An unknown error occurred" } });
    } else {
      res.destroy();
    }
  }
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  if (!options.apiKey) throw new Error("startStripeSandbox: apiKey is required");
  if (!options.webhookSecret) throw new Error("startStripeSandbox: webhookSecret is required");
  const host = options.host ?? "127.0.0.1";
  const ctx = new SandboxContext({
    apiKey: options.apiKey,
    apiVersion: sdkApiVersion(),
    minimumExpirySeconds: options.minimumExpirySeconds ?? 30 * 60,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000],
    log: options.log ?? (() => {}),
  });
  const server = createServer((req, res) => void dispatch(ctx, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 12111, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  ctx.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        ctx.close();
        server.close(() => resolve());
        // The SDK's fetch keeps connections alive; without this close() would wait for them.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
