// The yardstick of `npm run bench:api`: a bare `node:http` server and the PostgreSQL driver Kola
// uses (postgres.js), doing the queries Kola does for the two benchmarked operations, with the
// same response bodies, and nothing else (no framework, no logging, no idempotency, no rate limits).
//   GET  /v1/gateway/{id}  one prepared select of a live link
//   POST /v1/gateway       the api-key lookup (sha-256 of the key, joined to its account and its
//                          maker's membership), a minimal body check, then the transaction Kola runs
//                          every change in: begin, the key's row held (FOR KEY SHARE: a revocation
//                          waits for the requests using the key), one prepared insert … returning,
//                          commit. Five statements, as Kola sends them (lib/accounts/queries.ts
//                          `findAuthByKeyHash` and `holdKey`, lib/gateways/create-gateway.ts).
// Started by bench/api.ts on the bench database: DATABASE_URL, PORT, HOST (127.0.0.1); it prints
// "listening" once ready. Not part of the product: it exists to be compared with.
import { createHash } from "node:crypto";
import http from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {} });
const base = process.env.PUBLIC_BASE_URL || `http://127.0.0.1:${process.env.PORT}`;
const COUNTRY_NAMES: Record<string, string> = { CMR: "Cameroon", SEN: "Senegal", CIV: "Côte d'Ivoire", KEN: "Kenya" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type GatewayRow = {
  id: string;
  account_id: string;
  amount: number;
  currency: string;
  country: string;
  shop_name: string;
  message: string;
  order_id: string;
  success_url: string;
  failure_url: string;
  created_at: Date;
};

function common(row: GatewayRow) {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    shop_name: row.shop_name,
    creation_date: row.created_at.toISOString(),
    link: `${base}/pay/${row.id}`,
    message: row.message,
    order_id: row.order_id,
    success_url: row.success_url,
    failure_url: row.failure_url,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function getGateway(id: string, res: http.ServerResponse): Promise<void> {
  if (!UUID.test(id)) return send(res, 404, { detail: "Not found" });
  const [row] = await sql<GatewayRow[]>`select * from payment_gateways where id = ${id} and archived_at is null`;
  if (!row) return send(res, 404, { detail: "Not found" });
  send(res, 200, { ...common(row), user_country: { name: COUNTRY_NAMES[row.country] ?? row.country, iso_code: row.country } });
}

async function createGateway(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const key = req.headers["api-key"];
  if (typeof key !== "string") return send(res, 401, { detail: "No API key provided" });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hash = createHash("sha256").update(key.trim()).digest("hex");
  const [auth] = await sql<{ id: string; account_id: string; mode: string; country: string; currency: string }[]>`
    select k.id, k.account_id, k.mode, k.role, m.role as maker_role, k.last_used_at, a.country, a.currency
    from api_keys k join accounts a on a.id = k.account_id
    join memberships m on m.account_id = k.account_id and m.user_id = k.created_by and m.role <> 'cashier'
    where k.key_hash = ${hash} and k.revoked_at is null`;
  if (!auth) return send(res, 401, { detail: "API key not found" });
  let body: { amount?: unknown; shop_name?: unknown; message?: unknown; order_id?: unknown; success_url?: unknown; failure_url?: unknown };
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return send(res, 422, { detail: "invalid JSON" });
  }
  if (!Number.isInteger(body.amount) || typeof body.shop_name !== "string") return send(res, 422, { detail: "invalid body" });
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const link = { amount: body.amount as number, shop_name: body.shop_name, message: text(body.message), order_id: text(body.order_id), success_url: text(body.success_url), failure_url: text(body.failure_url) };
  const row = await (sql.begin(async (tx) => {
    const [held] = await tx`
      select k.id, k.role, m.role as maker_role from api_keys k
      join memberships m on m.account_id = k.account_id and m.user_id = k.created_by and m.role <> 'cashier'
      where k.id = ${auth.id} and k.revoked_at is null for key share of k`;
    if (!held) return undefined;
    const [inserted] = await tx<GatewayRow[]>`
      insert into payment_gateways (account_id, mode, amount, currency, country, shop_name, message, order_id, success_url, failure_url)
      values (${auth.account_id}, ${auth.mode}, ${link.amount}, ${auth.currency}, ${auth.country}, ${link.shop_name},
        ${link.message}, ${link.order_id}, ${link.success_url}, ${link.failure_url})
      on conflict do nothing returning *`;
    return inserted;
  }) as Promise<GatewayRow | undefined>);
  if (!row) return send(res, 409, { detail: "order_id conflict" });
  const { id, amount, currency, shop_name, ...rest } = common(row);
  send(res, 200, { id, amount, currency, shop_name, user_id: row.account_id, ...rest });
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0]!;
  let work: Promise<void>;
  if (req.method === "GET" && path.startsWith("/v1/gateway/")) work = getGateway(path.slice("/v1/gateway/".length), res);
  else if (req.method === "POST" && path === "/v1/gateway") work = createGateway(req, res);
  else if (path === "/healthz") work = Promise.resolve(send(res, 200, { status: "ok" }));
  else work = Promise.resolve(send(res, 404, { detail: "Not Found" }));
  work.catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { detail: "Internal Server Error" });
  });
});

server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1", () => console.log("listening"));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void sql.end({ timeout: 2 }).then(() => process.exit(0));
  });
}
