import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { deposits, providerCallbacks } from "@/lib/db/schema";
import { decodeUtf8 } from "@/lib/http/body";
import { ApiError, type ErrorType } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { providerByName } from "./providers";
import { CallbackRefused, callbackRequest, type CallbackEvent, type CallbackRequest } from "./providers/callback-event";
import { ProviderUnavailable, recordProviderLog } from "./providers/provider-log";
import { verifyCallback } from "./providers/signature";
import { settleDeposit } from "./settle-deposit";

const sandboxBody = z.object({
  event_id: z.string().min(8).max(100),
  reference: z.string().max(200),
  track_id: z.string().max(64),
  status: z.enum(["success", "failed"]),
  reason: z.string().max(100).optional(),
  timestamp: z.number(),
});

const NO_STORE = { "cache-control": "no-store" };
const refuse = (type: ErrorType) => new ApiError(type, undefined, undefined, NO_STORE);
const received = (outcome: Outcome) => Response.json({ received: true, outcome }, { headers: NO_STORE });

/**
 * A provider's report. Each provider proves it its own way: the sandbox by an HMAC over the raw
 * body, pawaPay by an RFC 9421 signature, CinetPay by its x-token HMAC (then its check call).
 * Unproven is 401 and changes nothing. A proven report settles the deposit once, and only when its
 * amount, currency and reference are ours; otherwise it is an alert for a person, and settles nothing.
 * A success for a deposit we had expired is still recorded (expired → success, DESIGN §6).
 * Refusals are thrown as ApiErrors of the error table; the route wrapper answers them.
 */
export async function handleProviderCallback(providerName: string, req: Request, body: Buffer, requestId: string): Promise<Response> {
  const provider = providerByName(providerName);
  if (!provider) throw refuse("PROVIDER_NOT_FOUND");
  const raw = body.length > MAX_CALLBACK_BODY ? null : decodeUtf8(body);
  if (raw === null) throw refuse("INVALID_SIGNATURE");

  if (provider.name === "sandbox") return sandboxCallback(raw, req, requestId);
  const parser = (provider as { parseCallback?: (r: CallbackRequest) => Promise<CallbackEvent> }).parseCallback;
  if (!parser) throw refuse("PROVIDER_NOT_FOUND");
  let event: CallbackEvent;
  try {
    event = await parser(callbackRequest(req, raw));
  } catch (error) {
    if (error instanceof CallbackRefused) {
      log("warn", "provider callback refused", { provider: provider.name, why: error.message, request_id: requestId });
      throw refuse("INVALID_SIGNATURE");
    }
    // the provider's own check call failed: it will notify again, and the reconciler asks too
    if (error instanceof ProviderUnavailable) throw refuse("PROVIDER_UNAVAILABLE");
    if (error instanceof z.ZodError || error instanceof SyntaxError) throw refuse("INVALID_CALLBACK");
    throw error;
  }
  const outcome = await applyEvent(provider.name, event);
  if (outcome === "unknown") throw refuse("DEPOSIT_NOT_FOUND");
  return received(outcome);
}

const MAX_CALLBACK_BODY = 16 * 1024;

type Outcome = "settled" | "already_settled" | "replay" | "processing" | "mismatch" | "unknown";

async function applyEvent(providerName: string, event: CallbackEvent): Promise<Outcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const where = event.find.depositId ? eq(deposits.id, event.find.depositId) : eq(deposits.trackId, event.find.trackId ?? "");
    const [deposit] = await tx.select().from(deposits).where(and(where, eq(deposits.provider, providerName)));
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
    const outcome = settled ? "settled" : "already_settled";
    await recordProviderLog({ ...entry, httpStatus: 200, outcome: `${outcome}:${event.outcome.status}` }, tx);
    return outcome;
  });
}

/** The built-in sandbox: HMAC over the raw body, fresh, and a replayed event id is 409. */
async function sandboxCallback(raw: string, req: Request, requestId: string): Promise<Response> {
  if (!verifyCallback(raw, req.headers.get("x-kola-signature"))) {
    log("warn", "provider callback refused: bad signature", { provider: "sandbox", request_id: requestId });
    throw refuse("INVALID_SIGNATURE");
  }
  let parsed: z.output<typeof sandboxBody>;
  try {
    parsed = sandboxBody.parse(JSON.parse(raw));
  } catch {
    throw refuse("INVALID_CALLBACK");
  }
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(providerCallbacks)
      .values({ provider: "sandbox", eventId: parsed.event_id })
      .onConflictDoNothing()
      .returning({ eventId: providerCallbacks.eventId });
    if (!fresh) return "replay" as const;
    const [deposit] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.trackId, parsed.track_id), eq(deposits.provider, "sandbox")));
    if (!deposit) return "unknown" as const;
    const settled = await settleDeposit(
      deposit.id,
      { status: parsed.status, reason: parsed.reason, providerReference: parsed.reference },
      tx,
    );
    return settled ? ("settled" as const) : ("already_settled" as const);
  });
  if (outcome === "replay") {
    log("warn", "provider callback refused: replay", { provider: "sandbox", event_id: parsed.event_id, request_id: requestId });
    throw refuse("CALLBACK_REPLAYED");
  }
  if (outcome === "unknown") throw refuse("DEPOSIT_NOT_FOUND");
  return received(outcome);
}
