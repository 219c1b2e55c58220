import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import * as depositCallback from "@/app/api/providers/[provider]/callback/route";
import * as disbursementCallback from "@/app/api/providers/[provider]/disbursements/callback/route";
import * as gatewayRoutes from "@/app/v1/gateway/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { findMarketplaceLink, findPaymentLink } from "@/lib/checkout/queries";
import { merchantWithMarketplace } from "./checkout";
import { getDb } from "@/lib/db/client";
import { deposits, ledgerEntries, ledgerPostings } from "@/lib/db/schema";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { startPayment } from "@/lib/payments/start-payment";
import { call } from "./api";

// Money-out tests drive the sandbox in-process: its callbacks (deposits and disbursements) are
// queued, and delivered to the real route handlers when the test says so, in order.

type Queued = { path: string; raw: string; signature: string };
const queued: Queued[] = [];

export function queueSandboxCallbacks(): void {
  queued.length = 0;
  setSandboxTransport(async (path, raw, signature) => void queued.push({ path, raw, signature }), () => 0);
}

/** The callbacks the sandbox has sent so far (its timers, delay 0, given time to fire), not delivered. */
export async function queuedCallbacks(): Promise<Queued[]> {
  await new Promise((r) => setTimeout(r, 5));
  return [...queued];
}

export function callbackRequest(path: string, raw: string, signature: string): Request {
  return new Request(`http://kola.test${path}`, { method: "POST", headers: { "content-type": "application/json", "x-kola-signature": signature }, body: raw });
}

/** Delivers every queued sandbox callback (and those they cause), as the sandbox would; their answers. */
export async function deliverCallbacks(): Promise<unknown[]> {
  const answers: unknown[] = [];
  await new Promise((r) => setTimeout(r, 5)); // the sandbox's timers (delay 0) fire
  while (queued.length) {
    const { path, raw, signature } = queued.shift()!;
    const params = { params: Promise.resolve({ provider: "sandbox" }) };
    const handler = path.includes("/disbursements/") ? disbursementCallback.POST : depositCallback.POST;
    const res = await handler(callbackRequest(path, raw, signature), params);
    answers.push(await res.json());
    await new Promise((r) => setTimeout(r, 5));
  }
  return answers;
}

export async function authOf(key: string): Promise<Auth> {
  return (await findAuthByKeyHash(hashApiKey(key)))!;
}

const token = () => randomUUID().replaceAll("-", "");

/** A pending payment attempt on payment link `linkId` from `phone` (Cameroon, MTN). */
export async function payLink(linkId: string, phone = "237670000010") {
  const gateway = (await findPaymentLink(linkId))!;
  return startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token() });
}

export async function newLink(key: string, amount = 5000): Promise<string> {
  const res = await call(gatewayRoutes.POST, "POST", "/v1/gateway", { key, json: { amount, shop_name: "Boutique Awa" } });
  return (res.body as { id: string }).id;
}

/** A marketplace (fee 5 %, `parts` added) with one seller's link: price 10 000 XAF, fee 500, seller phone `sellerPhone`. */
export async function marketplaceLink(sellerPhone = "+237 6 99 00 00 00", parts: Record<string, string> = {}) {
  return merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }), ...parts }, { phone_number: sellerPhone });
}

export async function buy(linkId: string, phone = "237670000020") {
  const { gateway } = (await findMarketplaceLink(linkId))!;
  return startPayment({ kind: "market", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token(), full_name: "Awa Diop", email: "awa@example.com" });
}

export async function depositByTrackId(trackId: string) {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  return row!;
}

/** Each ledger entry of an account as [kind, {ledger account: amount}], oldest first: what the books say happened. */
export async function entriesOf(accountId: string): Promise<[string, Record<string, number>][]> {
  const db = await getDb();
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)).orderBy(ledgerEntries.createdAt, ledgerEntries.id);
  const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, accountId));
  return entries.map((e) => [
    e.kind,
    Object.fromEntries(postings.filter((p) => p.entryId === e.id).sort((a, b) => a.ledgerAccount.localeCompare(b.ledgerAccount)).map((p) => [p.ledgerAccount, p.amount])),
  ]);
}
