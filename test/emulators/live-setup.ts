import { randomUUID } from "node:crypto";
import net from "node:net";
import { asc, eq } from "drizzle-orm";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents, providerLogs } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { startPayment } from "@/lib/payments/start-payment";
import { newAccount } from "@/test/support/api";
import { providerByName } from "@/lib/providers";
import { callbackRefusal } from "@/lib/providers/callback-event";
import { ProviderError } from "@/lib/providers/provider-error";
import type { Disbursement, DisbursementUpdate } from "@/lib/providers/types";

// What the tests of live payments share: a merchant acting in live mode, the settings that point
// the providers at their emulators, a payment started the way the checkout starts one, what a
// deposit became, and an address nothing listens on (a provider that is down: connections
// refused before a byte is sent).

export async function liveAuth(country: Parameters<typeof newAccount>[0] = "CMR"): Promise<Auth> {
  const { key } = await newAccount(country);
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" };
}

export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Retries without waiting, and room for an emulator's deliberately slow answers. */
export const FAST_RETRIES = { PROVIDER_RETRY_BASE_MS: "1", PROVIDER_TIMEOUT_MS: "5000" };

/** pawaPay alone as the live provider, pointed at its emulator (which takes the token "emulator-token"). */
export const pawapayEnv = (url: string) => ({ LIVE_PROVIDERS: "pawapay", PAWAPAY_BASE_URL: url, PAWAPAY_API_TOKEN: "emulator-token" });

/** The settings of CinetPay's adapter pointed at its emulator (the transfer API too when it has a password). */
export function cinetpayEnv(url: string, credentials: { apiKey: string; siteId: string; secretKey: string; transferPassword?: string }) {
  return {
    CINETPAY_BASE_URL: url,
    CINETPAY_API_KEY: credentials.apiKey,
    CINETPAY_SITE_ID: credentials.siteId,
    CINETPAY_SECRET_KEY: credentials.secretKey,
    ...(credentials.transferPassword ? { CINETPAY_TRANSFER_URL: url, CINETPAY_TRANSFER_PASSWORD: credentials.transferPassword } : {}),
  };
}

type LinkFields = { amount?: number; shop_name?: string };

/** A live payment link of `live`: 5,000 unless said, its optional fields empty. */
export function liveLink(live: Auth, link: LinkFields = {}) {
  return createGateway(live, { amount: 5000, shop_name: "Boutique Ada", message: "", order_id: "", success_url: "", failure_url: "", ...link });
}

/** A buyer's payment of a new live link of `live` (or of `gateway`), started as the checkout starts one. */
export async function startLivePayment(
  live: Auth,
  buyer: Omit<Parameters<typeof startPayment>[1], "client_token">,
  link: LinkFields | Awaited<ReturnType<typeof liveLink>> = {},
) {
  const gateway = "id" in link ? link : await liveLink(live, link);
  return startPayment({ kind: "link", gateway }, { ...buyer, client_token: randomUUID().replaceAll("-", "") });
}

/** What a deposit became: its status and reason, the events it wrote and its provider log, oldest first. */
export async function depositState(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.depositId, id));
  const logs = await db
    .select({ kind: providerLogs.kind, operation: providerLogs.operation, httpStatus: providerLogs.httpStatus, outcome: providerLogs.outcome, alert: providerLogs.alert })
    .from(providerLogs)
    .where(eq(providerLogs.depositId, id))
    .orderBy(asc(providerLogs.createdAt));
  return { status: row!.status, reason: row!.failureReason, events: events.map((e) => e.type), logs };
}

/**
 * The route of the providers' payout and refund callbacks, as the ledger's route begins: the
 * provider proves and reads the callback; here its update is kept in `updates`.
 */
export function disbursementRoute(updates: DisbursementUpdate[]) {
  return async (req: Request, ctx: { params: Promise<{ provider: string }> }): Promise<Response> => {
    const raw = await req.text();
    try {
      updates.push(await providerByName((await ctx.params).provider)!.capabilities.moneyOut!.parseDisbursementCallback(req, raw));
      return Response.json({ received: true });
    } catch (error) {
      const refusal = error instanceof ProviderError ? callbackRefusal(error) : null;
      if (refusal) return Response.json(refusal.body, { status: refusal.status });
      throw error;
    }
  };
}

/** A live payout of 5,000 of `live`'s money to `phone`, on `where` (its currency, country and operator). */
export function livePayout(
  live: Auth,
  where: Pick<Disbursement, "currency" | "country" | "operator">,
  phone: string,
  extra: Partial<Disbursement> = {},
): Disbursement {
  return { id: randomUUID(), kind: "payout", mode: "live", amount: 5000, ...where, phoneNumber: phone, accountId: live.accountId, ...extra };
}
