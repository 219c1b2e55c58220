import { randomBytes } from "node:crypto";
import { createAccount } from "@/lib/accounts/create-account";
import type { Operation } from "@/lib/http/operation";

// Calls a route handler in-process with a real Request, as Next.js would, and reads the response.
type Handler = ((req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  operation?: Operation;
};

export type CallOptions = {
  key?: string | null;
  headers?: Record<string, string>;
  json?: unknown;
  /** a raw body, sent as is */
  raw?: string;
  form?: FormData;
};

export type Reply = { status: number; headers: Headers; body: unknown };

export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set("api-key", options.key);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    body = options.raw;
  } else if (options.form) {
    const encoded = new Response(options.form);
    headers.set("content-type", encoded.headers.get("content-type")!);
    body = await encoded.arrayBuffer();
  }
  const url = new URL(path, "http://kola.test");
  const req = new Request(url, { method, headers, body });
  const params = handler.operation ? matchPath(handler.operation.path, url.pathname) : {};
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The path parameters of `pathname` under an OpenAPI template like /v1/gateway/{gateway_id}. */
function matchPath(template: string, pathname: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const match = new RegExp(`^${pattern}/?$`).exec(pathname);
  if (!match) throw new Error(`${pathname} does not match ${template}`);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

/** A fresh merchant account with its test key (and the country's currency). */
export async function newAccount(country: "CMR" | "SEN" | "KEN" | "CIV" = "CMR") {
  const email = `m-${randomBytes(5).toString("hex")}@example.com`;
  const { account_id, api_key } = await createAccount({ email, password: "password-123", business: "Test shop", country });
  return { accountId: account_id, key: api_key, email };
}
