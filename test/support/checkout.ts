import * as gatewayRoutes from "@/app/v1/gateway/route";
import * as marketplaceGatewayRoutes from "@/app/v1/api/marketplace/gateway/route";
import * as marketplaceRoutes from "@/app/v1/api/marketplace/route";
import { call, newAccount } from "./api";

// Helpers of the checkout's in-process tests: links made through the public API, and route
// handlers called with real Requests and their path parameters, as Next.js calls them.

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export type Page = { status: number; headers: Headers; text: string; json: () => unknown };

export async function hit<P extends Record<string, string>>(
  handler: Handler<P>,
  params: P,
  path: string,
  options: { method?: string; headers?: Record<string, string>; form?: Record<string, string> | URLSearchParams; json?: unknown } = {},
): Promise<Page> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const req = new Request(new URL(path, "http://kola.test"), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

export const EVERY_BLOCK = {
  blocks: [
    { type: "text", label: "Taille (EU)", required: true },
    { type: "textarea", label: "Adresse de livraison", required: false, description: "Quartier, rue, repère" },
    { type: "email", label: "E-mail du destinataire", required: false },
    { type: "phone", label: "Téléphone du destinataire", required: false },
    { type: "number", label: "Pointure", required: true },
    { type: "date", label: "Date de livraison", required: false },
    { type: "select", label: "Couleur", required: true, options: ["Rouge", "Bleu"] },
    { type: "checkbox", label: "J'accepte les conditions de vente", required: true },
  ],
};

/** A merchant (test key) and a payment link of theirs. */
export async function merchantWithLink(body: Record<string, unknown> = {}, country: "CMR" | "SEN" | "KEN" = "CMR") {
  const account = await newAccount(country);
  const link = await createLink(account.key, body);
  return { ...account, link };
}

export async function createLink(key: string, body: Record<string, unknown> = {}): Promise<{ id: string; [k: string]: unknown }> {
  const res = await call(gatewayRoutes.POST, "POST", "/v1/gateway", { key, json: { amount: 5000, shop_name: "Boutique Awa", ...body } });
  if (res.status !== 200) throw new Error(`create link: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

/** A merchant with a marketplace (every block type, a colour, https logo and favicon) and one seller's link. */
export async function merchantWithMarketplace(parts: Record<string, string> = {}, gateway: Record<string, unknown> = {}) {
  const account = await newAccount("CMR");
  const data = new FormData();
  const all = {
    name: "Marché Awa",
    color: "#7c3aed",
    fee: "5",
    logo: "https://cdn.example.com/awa/logo.png",
    favicon: "https://cdn.example.com/awa/favicon.ico",
    form_blocks: JSON.stringify(EVERY_BLOCK),
    ...parts,
  };
  for (const [name, value] of Object.entries(all)) data.append(name, value);
  const created = await call(marketplaceRoutes.POST, "POST", "/v1/api/marketplace", { key: account.key, form: data });
  if (created.status !== 200) throw new Error(`create marketplace: ${created.status} ${JSON.stringify(created.body)}`);
  const link = await call(marketplaceGatewayRoutes.POST, "POST", "/v1/api/marketplace/gateway", {
    key: account.key,
    json: { amount: 10000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir", ...gateway },
  });
  if (link.status !== 200) throw new Error(`create marketplace link: ${link.status} ${JSON.stringify(link.body)}`);
  return { ...account, marketplace: created.body as { id: string }, link: link.body as { id: string; [k: string]: unknown } };
}

export async function setMarketplaceActive(key: string, active: boolean): Promise<void> {
  const data = new FormData();
  data.append("is_active", String(active));
  const res = await call(marketplaceRoutes.PATCH, "PATCH", "/v1/api/marketplace/", { key, form: data });
  if (res.status !== 200) throw new Error(`update marketplace: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The value of the form's hidden client token in a rendered page. */
export function clientTokenOf(html: string): string {
  const m = /name="client_token" value="([A-Za-z0-9_-]+)"/.exec(html);
  if (!m) throw new Error("no client_token in the page");
  return m[1]!;
}
