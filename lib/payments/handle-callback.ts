import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits, providerCallbacks } from "@/lib/db/schema";
import { decodeUtf8 } from "@/lib/http/body";
import { ApiError, type ErrorType } from "@/lib/core/errors";
import { log, maskPhone } from "@/lib/runtime/log";
import { providerByName } from "@/lib/providers";
import { callbackRefusal, callbackRequest } from "@/lib/providers/callback-event";
import { ProviderError } from "@/lib/providers/provider-error";
import { recordProviderLog } from "@/lib/providers/provider-log";
import type { CallbackEvent } from "@/lib/providers/types";
import { settleDeposit } from "./settle-deposit";
import { isUuid } from "@/lib/core/uuid";

const NO_STORE = { "cache-control": "no-store" };
const refuse = (type: ErrorType) => new ApiError(type, undefined, undefined, NO_STORE);
const received = (outcome: Outcome) => Response.json({ received: true, outcome }, { headers: NO_STORE });

const MAX_CALLBACK_BODY = 16 * 1024;

/**
 * A provider's report about a deposit, the same path for every provider, the test-mode sandbox
 * included. Each provider proves it its own way (Provider.parseCallback): the sandbox by
 * an HMAC over the raw body, pawaPay by an RFC 9421 signature, CinetPay by its x-token HMAC and
 * then its check call. Unproven is 401 and changes nothing. A proven report settles the deposit
 * once, and only when its amount, currency and reference are ours; otherwise it is an alert for a
 * person, and settles nothing. A success for a deposit we had expired is still recorded
 * (expired → success, DESIGN §6). Refusals are ApiErrors of the error table.
 */
export async function handleProviderCallback(providerName: string, req: Request, body: Buffer, requestId: string): Promise<Response> {
  const provider = providerByName(providerName);
  if (!provider) throw refuse("PROVIDER_NOT_FOUND");
  const raw = body.length > MAX_CALLBACK_BODY ? null : decodeUtf8(body);
  if (raw === null) throw refuse("INVALID_SIGNATURE");
  let event: CallbackEvent;
  try {
    event = await provider.parseCallback(callbackRequest(req, raw));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "bad_signature") log("warn", "provider callback refused", { provider: provider.name, why: error.message, request_id: requestId });
    // unreachable: the provider's own check call failed: it will notify again, and the reconciler asks too
    throw callbackRefusal(error) ?? error;
  }
  const outcome = await applyEvent(provider.name, event);
  if (outcome === "unknown") throw refuse("DEPOSIT_NOT_FOUND");
  return received(outcome);
}


type Outcome = "settled" | "already_settled" | "replay" | "processing" | "mismatch" | "unknown";

async function applyEvent(providerName: string, event: CallbackEvent): Promise<Outcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // the deposit by the id this provider knows it by (one per deposit and provider)
    const [found] = await tx
      .select({ deposit: deposits })
      .from(depositProviderAttempts)
      .innerJoin(deposits, eq(deposits.id, depositProviderAttempts.depositId))
      .where(and(eq(depositProviderAttempts.provider, providerName), eq(depositProviderAttempts.requestId, event.requestId)));
    // a deposit offered before attempts were recorded: the id each provider was sent then
    const deposit =
      found?.deposit ??
      (
        await tx
          .select()
          .from(deposits)
          .where(and(eq(deposits.provider, providerName), isUuid(event.requestId) && providerName === "pawapay" ? eq(deposits.id, event.requestId) : eq(deposits.trackId, event.requestId)))
      )[0];
    const operation = `POST /api/providers/${providerName}/callback`;
    if (!deposit) {
      await recordProviderLog({ provider: providerName, kind: "callback", operation, httpStatus: 404, outcome: "unknown_deposit", alert: true, request: event.body }, tx);
      return "unknown";
    }
    const entry = { provider: providerName, deposit, kind: "callback" as const, operation, request: event.body };
    const ours =
      event.amountMinor === deposit.amount &&
      event.currency === deposit.currency &&
      (event.reference === undefined || event.reference === deposit.trackId);
    if (!ours) {
      // money is never guessed: a report about other money than ours settles nothing
      await recordProviderLog({ ...entry, httpStatus: 200, outcome: "mismatch", alert: true }, tx);
      return "mismatch";
    }
    if (!event.outcome) {
      await recordProviderLog({ ...entry, httpStatus: 200, outcome: "processing" }, tx);
      return "processing";
    }
    const [fresh] = await tx
      .insert(providerCallbacks)
      .values({ provider: providerName, eventId: event.eventId })
      .onConflictDoNothing()
      .returning({ eventId: providerCallbacks.eventId });
    if (!fresh) {
      await recordProviderLog({ ...entry, httpStatus: 200, outcome: "replay" }, tx);
      return "replay";
    }
    const settled = await settleDeposit(deposit.id, event.outcome, tx);
    // the provider that collected is the one a refund must go back through
    if (settled && deposit.provider !== providerName) await tx.update(deposits).set({ provider: providerName }).where(eq(deposits.id, deposit.id));
    // a provider the deposit failed over from says it collected after all, and the deposit is
    // already settled by another: money taken twice, for a person to refund (never guessed away)
    const strayed = !settled && event.outcome.status === "success" && deposit.provider !== providerName;
    await recordProviderLog({ ...entry, httpStatus: 200, outcome: strayed ? "success_after_failover" : `${settled ? "settled" : "already_settled"}:${event.outcome.status}`, alert: strayed }, tx);
    if (strayed) log("error", "alert: a provider the payment failed over from collected it too", { track_id: deposit.trackId, provider: providerName, phone: maskPhone(deposit.phoneNumber) });
    return settled ? "settled" : "already_settled";
  });
}
