import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import * as marketplaceGatewayRoutes from "@/app/v1/api/marketplace/gateway/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { getMarketplaceGatewayOrThrow } from "@/lib/marketplace-gateways/queries";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { createPaymentPageBody } from "@/lib/payment-pages/schemas";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { startPayment } from "@/lib/payments/start-payment";
import { call, newAccount } from "./api";

// For webhook tests: a receiver on 127.0.0.1 (an ephemeral port) that records what it is sent and
// answers as the test says, and a pending payment (of a link or a marketplace sale) to settle.

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
/** What the receiver does with request number `n` (0-based): a status and body, or never answer. */
export type Answer = { status: number; body?: string | Buffer; headers?: Record<string, string>; delayMs?: number };
export type Responder = (n: number, received: Received) => Answer | "hang" | "stream";

export type Receiver = {
  url: string;
  received: Received[];
  /** the most requests it was ever handling at once */
  maxConcurrent: () => number;
  respond: (responder: Responder) => void;
  /** the received events' bodies, parsed */
  events: () => { id: string; type: string; created_at: string; data: Record<string, unknown> }[];
  /** throws unless every received request carries a valid signature for `secret` */
  verifyAll: (secret: string) => unknown[];
  close: () => Promise<void>;
};

export async function startReceiver(responder: Responder = () => ({ status: 200, body: "ok" })): Promise<Receiver> {
  const received: Received[] = [];
  let current = responder;
  let streaming = false;
  let active = 0;
  let maxActive = 0;
  const server = http.createServer((req, res) => {
    active++;
    maxActive = Math.max(maxActive, active);
    res.on("close", () => active--);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      const answer = current(received.length - 1, entry);
      if (answer === "hang") return;
      if (answer === "stream") {
        // an endless 200 body: the sender must stop reading by itself
        streaming = true;
        res.writeHead(200, { "content-type": "text/plain" });
        const chunk = Buffer.alloc(16 * 1024, "x");
        const pump = () => {
          while (streaming && !res.destroyed && res.write(chunk));
          if (streaming && !res.destroyed) res.once("drain", pump);
        };
        pump();
        return;
      }
      const send = () => {
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/kola`,
    received,
    maxConcurrent: () => maxActive,
    respond: (next) => {
      current = next;
    },
    events: () => received.map((r) => JSON.parse(r.body) as ReturnType<Receiver["events"]>[number]),
    verifyAll: (secret) => {
      const webhook = new Webhook(secret);
      return received.map((r) => webhook.verify(r.body, r.headers as Record<string, string>));
    },
    close: async () => {
      streaming = false;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A pending deposit on a new payment link of `auth`'s account; the sandbox's own callback is dropped. */
export async function pendingPayment(auth: Auth, options: { orderId?: string; amount?: number } = {}) {
  setSandboxTransport(async () => {});
  const gateway = await createGateway(auth, {
    amount: options.amount ?? 5000,
    shop_name: "Boutique Webhooks",
    message: "",
    order_id: options.orderId ?? "",
    success_url: "",
    failure_url: "",
  });
  return startPayment({ kind: "link", gateway }, {
    country: "CMR",
    operator: "MTN_MOMO_CMR",
    phone: "237670000000",
    client_token: randomUUID().replaceAll("-", ""),
  });
}

/** A buyer's pending payment on a new payment page of `auth`'s account: 2 units of 3500 XAF, from the test wallet. */
export async function pendingPagePayment(auth: Auth) {
  setSandboxTransport(async () => {});
  const page = await createPaymentPage(auth, createPaymentPageBody.parse({ title: "Billets Webhooks", amount_type: "fixed", amount: 3500, max_quantity: 2, currency: "XAF" }));
  const deposit = await startPagePayment(page.id, {
    country: "CMR",
    operator: "MTN_MOMO_CMR",
    phone: "670000000",
    quantity: 2,
    client_token: randomUUID().replaceAll("-", ""),
  });
  return { page, deposit };
}

/**
 * A marketplace sale awaiting its outcome: a seller's link (15,000 XAF and a 300 fee) of the
 * marketplace of `auth`'s account (which `key` opens) and a buyer's pending deposit on it.
 */
export async function pendingMarketplaceSale(auth: Auth, key: string) {
  const link = await call(marketplaceGatewayRoutes.POST, "POST", "/v1/api/marketplace/gateway", {
    key,
    json: { amount: 15000, shop_name: "Chez Awa", phone_number: "+237 6 70 00 00 00", fee: 300 },
  });
  if (link.status !== 200) throw new Error(`create marketplace link: ${link.status} ${JSON.stringify(link.body)}`);
  const gateway = await getMarketplaceGatewayOrThrow(auth, (link.body as { id: string }).id);
  setSandboxTransport(async () => {});
  const deposit = await startPayment({ kind: "market", gateway }, {
    country: "CMR",
    operator: "ORANGE_MONEY_CMR",
    phone: "690000000",
    client_token: randomUUID().replaceAll("-", ""),
    full_name: "Awa Diallo",
    email: "awa@example.com",
    answers: {},
  });
  return { deposit, gateway };
}

/** One event of `queueDeliveries`: about payment `payment` (null: about no payment), its `sequence`. */
export type QueuedEvent = { payment: string | null; sequence: number };

/**
 * Deliveries written straight to `endpointId`, due now, one per event, their `created_at` in the
 * order given (a payment's events must come in sequence order): many payments' events without
 * settling each. The body carries `payment` and `sequence`, so a receiver can check the order.
 */
export async function queueDeliveries(auth: Auth, endpointId: string, events: QueuedEvent[]): Promise<{ id: string; eventId: string }[]> {
  const db = await getDb();
  const base = Date.now() - events.length - 1_000;
  const rows = events.map((event, i) => {
    const eventId = `evt_${randomBytes(16).toString("hex")}`;
    const createdAt = new Date(base + i);
    return {
      accountId: auth.accountId,
      mode: auth.mode,
      endpointId,
      eventId,
      eventType: "payment.succeeded",
      eventCreatedAt: createdAt,
      depositId: event.payment,
      sequence: event.sequence,
      payload: JSON.stringify({ id: eventId, type: "payment.succeeded", created_at: createdAt.toISOString(), sequence: event.sequence, data: { payment: event.payment } }),
    };
  });
  const written: { id: string; eventId: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    written.push(...(await db.insert(webhookDeliveries).values(rows.slice(i, i + 500)).returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId })));
  }
  return written;
}

/** A new merchant's Auth (test mode, Cameroon). */
export async function newMerchant(): Promise<Auth> {
  const { key } = await newAccount("CMR");
  return (await findAuthByKeyHash(hashApiKey(key)))!;
}

/** An endpoint's deliveries, oldest event first. */
export async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.eventCreatedAt));
}

/** Polls `condition` every 50 ms until it holds, or fails after `ms`. */
export async function until(condition: () => Promise<boolean>, ms = 200_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A number from 0 to 2^32 - 1 that depends on `text` only: which attempts fail, how long answers take. */
export const hashOf = (text: string) => createHash("sha256").update(text).digest().readUInt32BE(0);
