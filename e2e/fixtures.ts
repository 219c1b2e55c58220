// Fixtures for the end-to-end specs. Import `test` and `expect` from here, not from @playwright/test:
// - `request` is Playwright's, checked after each test: every response it got carries an
//   x-request-id, and no 5xx body shows a stack trace or a source path;
// - `account` is the one the global setup created with the admin CLI (its api_key, login);
// - `withKey(headers?)` adds that account's api-key header;
// - `createGateway(body?)` makes a payment link through the API and returns it;
// - every test is a client of its own: its page, context and `request` say an address of their own
//   in X-Forwarded-For (the e2e server trusts one proxy hop, TRUST_PROXY=1, as behind a load
//   balancer). The server's per-address limits (30 payment attempts per 10 minutes, 20 sign-ups an
//   hour) are a real server's, and a whole suite of buyers and merchants from 127.0.0.1 would reach
//   them. A context a test opens itself takes `extraHTTPHeaders: asClient()` for the same reason.
import { test as base, expect, type APIResponse } from "@playwright/test";
import type { z } from "zod";
import type { gatewayCreated } from "../lib/gateways/schemas";

export { expect };

export type Account = { apiKey: string; accountId: string; email: string; password: string };

/** A payment link as POST /v1/gateway answers it: the API's own response schema. */
export type Gateway = z.output<typeof gatewayCreated>;

type Fixtures = {
  account: Account;
  withKey: (headers?: Record<string, string>) => Record<string, string>;
  createGateway: (body?: Record<string, unknown>) => Promise<Gateway>;
};

const RECORDED = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);
/** What a leaked stack or source location looks like in a response body. */
export const STACK_LEAK = /\n\s+at\s|\bat .+:\d+:\d+|node_modules|\.next\/server|Failed query/;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs with \`npm run test:e2e\` (e2e/global-setup.ts sets it).`);
  return value;
}

const octet = () => Math.floor(Math.random() * 250) + 1;

/** Headers of a client of its own: a random private address, as a trusted proxy would forward it. */
export function asClient(): Record<string, string> {
  return { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` };
}

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({}, provide) => {
    await provide(asClient());
  },

  request: async ({ request }, provide) => {
    const seen: { label: string; response: APIResponse }[] = [];
    const recording = new Proxy(request, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (typeof prop !== "string" || !RECORDED.has(prop)) return fn.bind(target);
        return async (...args: unknown[]) => {
          const response = (await fn.apply(target, args)) as APIResponse;
          const options = args[1] as { method?: string } | undefined;
          const method = prop === "fetch" ? (options?.method ?? "GET") : prop.toUpperCase();
          seen.push({ label: `${method} ${response.url()} → ${response.status()}`, response });
          return response;
        };
      },
    });
    await provide(recording);
    for (const { label, response } of seen) {
      expect(response.headers()["x-request-id"], `${label}: x-request-id header`).toBeTruthy();
      if (response.status() >= 500) expect(await response.text(), `${label}: 5xx body`).not.toMatch(STACK_LEAK);
    }
  },

  account: async ({}, provide) => {
    await provide({
      apiKey: env("KOLA_E2E_API_KEY"),
      // Unknown when the specs run against a server started elsewhere (KOLA_E2E_BASE_URL preset).
      accountId: process.env.KOLA_E2E_ACCOUNT_ID ?? "",
      email: process.env.KOLA_E2E_EMAIL ?? "",
      password: process.env.KOLA_E2E_PASSWORD ?? "",
    });
  },

  withKey: async ({ account }, provide) => {
    await provide((headers = {}) => ({ "api-key": account.apiKey, ...headers }));
  },

  createGateway: async ({ request, withKey }, provide) => {
    await provide(async (body = {}) => {
      const response = await request.post("/v1/gateway", {
        headers: withKey(),
        data: { amount: 5000, shop_name: "Boutique E2E", ...body },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Gateway;
    });
  },
});
