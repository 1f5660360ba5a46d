// Runs the Stripe sandbox on its own: `tsx stripe-sandbox/server.ts`.
// Reads STRIPE_SANDBOX_PORT (default 12111), STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and,
// optionally, STRIPE_WEBHOOK_URL (without it events are only recorded: GET /v1/events).
import { startStripeSandbox } from "./sandbox";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`stripe-sandbox: set ${name}`);
    process.exit(1);
  }
  return value;
}

const port = Number(process.env.STRIPE_SANDBOX_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(
    `stripe-sandbox: STRIPE_SANDBOX_PORT is not a port: ${process.env.STRIPE_SANDBOX_PORT}`,
  );
  process.exit(1);
}
const webhookUrl = process.env.STRIPE_WEBHOOK_URL || undefined;

const sandbox = await startStripeSandbox({
  port,
  apiKey: required("STRIPE_SECRET_KEY"),
  webhookSecret: required("STRIPE_WEBHOOK_SECRET"),
  ...(webhookUrl ? { webhookUrl } : {}),
  log: (line) => console.log(`stripe-sandbox: ${line}`),
});
console.log(
  `stripe-sandbox: listening on ${sandbox.url} (webhooks: ${webhookUrl ?? "recorded only, GET /v1/events"})`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
