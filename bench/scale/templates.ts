// The real payments `npm run bench:scale` grows from: made through the running server's API and
// checkout, answered by the sandbox (the phone's last two digits decide: 01 fails, 03 never answers,
// any other succeeds), settled by its background jobs, so every table a payment touches holds rows
// the application wrote itself.
import { randomBytes } from "node:crypto";
import type postgres from "postgres";
import type { TemplateKind } from "./grow";

export type Made = {
  templates: { depositId: string; kind: TemplateKind; trackId: string }[];
  marketLinkId: string;
  webhookId: string;
  sellerId: string | null;
};

const PHONE: Record<"success" | "failed" | "expired", string> = { success: "55", failed: "01", expired: "03" };
const phoneFor = (outcome: keyof typeof PHONE, n: number) => `670${String(1000 + n).padStart(4, "0")}${PHONE[outcome]}`;

async function call<T>(base: string, apiKey: string, method: string, path: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(base + path, {
    method,
    headers: { "api-key": apiKey, "idempotency-key": randomBytes(8).toString("hex"), ...(body && !form ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as T;
}

async function until(what: string, seconds: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`templates: ${what} did not happen within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Makes the templates on the server at `base` for the account of `apiKey` (test mode): payments of
 * each kind, waits until each is settled and everything after it is done (releases, refund, seller
 * payout, webhooks, mails), and returns their deposits.
 */
export async function makeTemplates(base: string, apiKey: string, receiverUrl: string, db: postgres.Sql): Promise<Made> {
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(base, apiKey, method, path, body);
  const webhook = await api<{ id: string }>("POST", "/v1/webhooks", { url: receiverUrl });
  const market = new FormData();
  market.set("name", "Marché Scale");
  market.set("fee", "5");
  market.set("is_active", "true");
  await api("POST", "/v1/api/marketplace", market);
  const marketLink = await api<{ id: string }>("POST", "/v1/api/marketplace/gateway", { amount: 10000, shop_name: "Atelier Scale", phone_number: "+237670000042" });

  const made: { trackId: string; kind: TemplateKind }[] = [];
  let n = 0;
  const payLink = async (kind: TemplateKind, outcome: keyof typeof PHONE) => {
    const link = await api<{ id: string }>("POST", "/v1/gateway", { amount: 1000 + 500 * n, shop_name: "Boutique Scale", order_id: `ORD-${kind}-${n}` });
    const res = await fetch(`${base}/api/checkout/pay/${link.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ country: "CMR", operator: "MTN_MOMO_CMR", phone: phoneFor(outcome, n++), client_token: randomBytes(24).toString("base64url") }),
    });
    if (!res.ok) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
    made.push({ trackId: ((await res.json()) as { track_id: string }).track_id, kind });
  };
  const payMarket = async (kind: TemplateKind, outcome: keyof typeof PHONE) => {
    const res = await fetch(`${base}/api/checkout/pay/m/${marketLink.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        country: "CMR",
        operator: "MTN_MOMO_CMR",
        phone: phoneFor(outcome, n++),
        client_token: randomBytes(24).toString("base64url"),
        full_name: "Awa Ndiaye",
        email: "awa@example.com",
        answers: {},
      }),
    });
    if (!res.ok) throw new Error(`marketplace checkout answered ${res.status}: ${await res.text()}`);
    made.push({ trackId: ((await res.json()) as { track_id: string }).track_id, kind });
  };
  for (const kind of ["success", "success", "success", "refunded"] as const) await payLink(kind, "success");
  await payLink("failed", "failed");
  await payLink("failed", "failed");
  await payLink("expired", "expired");
  await payMarket("market_success", "success");
  await payMarket("market_failed", "failed");
  const request = await api<{ id: string }>("POST", "/v1/payment-requests", { amount: 2500, phone_number: `+237${phoneFor("success", n++)}` });
  const [requested] = await db<{ track_id: string }[]>`
    select d.track_id from deposits d join payment_requests r on r.payment_gateway_id = d.payment_gateway_id where r.id = ${request.id}`;
  if (!requested) throw new Error("the request to pay made no deposit");
  made.push({ trackId: requested.track_id, kind: "request_success" });

  const tracks = made.map((m) => m.trackId);
  await until("every template payment settled", 90, async () => {
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from deposits where track_id in ${db(tracks)} and status = 'pending'`;
    return row!.n === 0;
  });
  const refunded = made.find((m) => m.kind === "refunded")!;
  const [paid] = await db<{ amount: number }[]>`select amount from deposits where track_id = ${refunded.trackId}`;
  // the refund waits for the payment's money to be available (TEST_BALANCE_HOLD_SECONDS)
  await until("the refunded payment's release", 60, async () => {
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from ledger_entries e join deposits d on d.id = e.deposit_id
                                              where d.track_id = ${refunded.trackId} and e.kind = 'release'`;
    return row!.n > 0;
  });
  await api("POST", "/v1/refunds", { track_id: refunded.trackId, amount: Math.floor(paid!.amount / 2), reason: "Un article manquant" });
  await until("everything after the payments done", 120, async () => {
    const [row] = await db<{ open: number }[]>`select (
        (select count(*) from refunds where status in ('pending', 'processing')) +
        (select count(*) from payouts where status in ('pending', 'processing')) +
        (select count(*) from deposits d join seller_shares s on s.deposit_id = d.id where s.released_at is null or (s.owed > 0 and s.disbursed_at is null)) +
        (select count(*) from ledger_entries e where e.available_at is not null and e.kind in ('payment', 'marketplace_sale')
           and not exists (select 1 from ledger_entries r where r.deposit_id = e.deposit_id and r.kind = 'release')) +
        (select count(*) from outbox_events where dispatched_at is null or notified_at is null) +
        (select count(*) from webhook_deliveries where status = 'pending') +
        (select count(*) from notifications where status in ('pending', 'sending')) +
        (select count(*) from refunds r join deposits d on d.id = r.deposit_id where d.track_id = ${refunded.trackId} and r.status <> 'success')
      )::int as open`;
    return row!.open === 0;
  });
  const rows = await db<{ id: string; track_id: string; status: string }[]>`select id, track_id, status from deposits where track_id in ${db(tracks)}`;
  const byTrack = new Map(rows.map((r) => [r.track_id, r]));
  const expected: Record<TemplateKind, string> = {
    success: "success",
    refunded: "success",
    failed: "failed",
    expired: "expired",
    market_success: "success",
    market_failed: "failed",
    request_success: "success",
  };
  for (const m of made) {
    const status = byTrack.get(m.trackId)?.status;
    if (status !== expected[m.kind]) throw new Error(`template ${m.kind} ${m.trackId} ended ${status}, not ${expected[m.kind]}`);
  }
  const [seller] = await db<{ id: string }[]>`select id from sellers limit 1`;
  return {
    templates: made.map((m) => ({ ...m, depositId: byTrack.get(m.trackId)!.id })),
    marketLinkId: marketLink.id,
    webhookId: webhook.id,
    sellerId: seller?.id ?? null,
  };
}
