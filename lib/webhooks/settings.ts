import dns from "node:dns";
import { setting } from "@/lib/runtime/config";

// Settings of webhook delivery, read from the environment on each use (README lists them).

export type Resolved = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<Resolved[]>;

/**
 * Which receiver URLs are acceptable. In production (NODE_ENV=production) a URL must use https and
 * resolve to public addresses only; WEBHOOKS_ALLOW_PRIVATE_URLS=1 lifts both (development, tests,
 * a receiver on the same private network), =0 enforces the address rule everywhere.
 */
export type UrlPolicy = { allowPrivate: boolean; requireHttps: boolean; resolve: Resolver };

const store = globalThis as unknown as { __kolaWebhookResolver?: Resolver };

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** Tests replace DNS (e.g. a name that resolves to a public address once, then to 127.0.0.1). */
export function setWebhookResolver(resolver: Resolver | undefined): void {
  store.__kolaWebhookResolver = resolver;
}

export function urlPolicy(): UrlPolicy {
  const production = setting("NODE_ENV") === "production";
  const allowPrivate = setting("WEBHOOKS_ALLOW_PRIVATE_URLS") ?? !production;
  return {
    allowPrivate,
    requireHttps: production && !allowPrivate,
    resolve: store.__kolaWebhookResolver ?? systemResolver,
  };
}

/** KOLA_WORKER=off: this server process delivers no webhooks (separate `npm run worker` processes do). */
export function inProcessWorkerEnabled(): boolean {
  return setting("KOLA_WORKER");
}

/** Parallel delivery lanes per worker process: one endpoint at a time per lane (KOLA_WORKER_LANES). */
export function workerLanes(): number {
  return setting("KOLA_WORKER_LANES");
}

/** Requests one endpoint has in flight at once, all workers together (KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT). */
export function endpointInFlight(): number {
  return setting("KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT");
}

/** Requests one worker process has in flight at once, all endpoints together (KOLA_WEBHOOK_IN_FLIGHT). */
export function processInFlight(): number {
  return setting("KOLA_WEBHOOK_IN_FLIGHT");
}
