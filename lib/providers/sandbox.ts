import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { log } from "@/lib/runtime/log";
import { depositExpirySeconds, internalBaseUrl } from "@/lib/runtime/config";
import { signCallback, verifyCallback } from "./signature";
import { ProviderError, readCallback } from "./provider-error";
import { trackId } from "@/lib/deposits/track-id";
import type {
  CallbackBody,
  CallbackEvent,
  CallbackRequest,
  Disbursement,
  DisbursementCallbackBody,
  DisbursementStatus,
  DisbursementUpdate,
  MoneyOut,
  Provider,
  ProviderStatus,
  Settlement,
} from "./types";

/**
 * The provider of test mode (DESIGN §6). It answers through the same signed callback path as a real
 * provider, 1–3 s after the request; the buyer phone's last two digits decide the outcome:
 * `01` failed (insufficient funds), `02` failed (refused by the payer), `03` never answers, else success.
 */
export function sandboxOutcome(phone: string): Settlement | null {
  const last = phone.slice(-2);
  if (last === "01") return { status: "failed", reason: "insufficient_funds" };
  if (last === "02") return { status: "failed", reason: "refused_by_payer" };
  if (last === "03") return null;
  return { status: "success" };
}

type Transport = (path: string, raw: string, signature: string) => Promise<void>;

const store = globalThis as unknown as {
  __kolaSandboxTransport?: Transport;
  __kolaSandboxDelay?: () => number;
  /** money-out this process sent: id → when and under which reference (re-sends are idempotent) */
  __kolaSandboxSent?: Map<string, { at: number; reference: string }>;
};

const httpTransport: Transport = async (path, raw, signature) => {
  const res = await fetch(internalBaseUrl() + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-kola-signature": signature },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok && res.status !== 409) throw new Error(`callback answered ${res.status}`);
};

/** Tests deliver callbacks in-process and without waiting. */
export function setSandboxTransport(transport: Transport | undefined, delay?: () => number): void {
  store.__kolaSandboxTransport = transport;
  store.__kolaSandboxDelay = delay;
}

function deliver(path: string, body: object, what: Record<string, string>): void {
  const raw = JSON.stringify(body);
  const delay = store.__kolaSandboxDelay?.() ?? 1000 + Math.random() * 2000;
  const transport = store.__kolaSandboxTransport ?? httpTransport;
  setTimeout(() => {
    transport(path, raw, signCallback(raw)).catch((error: unknown) => {
      // the reconciler settles it later from its status query
      log("warn", "sandbox callback failed", { ...what, error });
    });
  }, delay).unref?.();
}

/**
 * Money out follows the deposit rules on the receiving phone's last two digits: `01` failed
 * (insufficient funds), `02` failed (refused by the recipient), `03` never answers, else success.
 */
export function sandboxDisbursementOutcome(phone: string): { outcome: "success" } | { outcome: "failed"; reason: string } | null {
  const settlement = sandboxOutcome(phone);
  if (!settlement) return null;
  if (settlement.status === "success") return { outcome: "success" };
  return { outcome: "failed", reason: settlement.reason === "refused_by_payer" ? "refused_by_recipient" : (settlement.reason ?? "other") };
}

/** The sandbox's reference for a payout or refund: one per id, so a re-send answers the same. */
export const sandboxDisbursementReference = (d: Pick<Disbursement, "id" | "kind">) => `SBX-${d.kind === "payout" ? "PO" : "RF"}-${d.id}`;

const SANDBOX_DISBURSEMENT_PATH = "/api/providers/sandbox/disbursements/callback";

function sendDisbursement(d: Disbursement): { reference: string } {
  const sent = (store.__kolaSandboxSent ??= new Map());
  const reference = sandboxDisbursementReference(d);
  if (sent.has(d.id)) return { reference }; // the same id again: already taken, nothing sent twice
  sent.set(d.id, { at: Date.now(), reference });
  const result = sandboxDisbursementOutcome(d.phoneNumber);
  if (result) {
    const body: DisbursementCallbackBody = {
      // one event per outcome of one id: a repeated callback is a replay the route refuses
      event_id: `sandbox:${d.kind}:${d.id}:${result.outcome}`,
      kind: d.kind,
      id: d.id,
      reference,
      status: result.outcome,
      ...(result.outcome === "failed" ? { reason: result.reason } : {}),
      timestamp: Math.floor(Date.now() / 1000),
    };
    deliver(SANDBOX_DISBURSEMENT_PATH, body, { [`${d.kind}_id`]: d.id });
  }
  return { reference };
}

const disbursementBody = z.strictObject({
  event_id: z.string().min(8).max(200),
  kind: z.enum(["payout", "refund"]),
  id: z.uuid(),
  reference: z.string().min(1).max(200),
  status: z.enum(["success", "failed"]),
  reason: z.string().min(1).max(100).optional(),
  timestamp: z.number().int(),
});

const callbackBody = z.object({
  event_id: z.string().min(8).max(100),
  reference: z.string().max(200),
  track_id: trackId,
  status: z.enum(["success", "failed"]),
  reason: z.string().max(100).optional(),
  amount: z.number().int(),
  currency: z.string().length(3),
  timestamp: z.number(),
});

/**
 * The sandbox keeps what it was asked in our database, as a real provider keeps it on its side: the
 * collection's reference is written on the deposit before the sandbox schedules anything, so a
 * process killed before the caller records the answer loses nothing (its status check reads the
 * reference back and settles the payment; DESIGN §6 "our timeout never hides a payment"). Asked
 * again for the same deposit, it answers the reference it already gave.
 */
async function recordReference(deposit: DepositRow): Promise<string> {
  const db = await getDb();
  const [taken] = await db
    .update(deposits)
    .set({ providerReference: `SBX-${randomUUID()}` })
    .where(and(eq(deposits.id, deposit.id), isNull(deposits.providerReference)))
    .returning({ reference: deposits.providerReference });
  if (taken?.reference) return taken.reference;
  const [held] = await db.select({ reference: deposits.providerReference }).from(deposits).where(eq(deposits.id, deposit.id));
  if (!held?.reference) throw ProviderError.badAnswer("sandbox: the deposit to collect is not recorded");
  return held.reference;
}

/** Money out in test mode: payouts and refunds answered like deposits, through the same signed callbacks. */
const sandboxMoneyOut: MoneyOut = {
  async sendPayout(d) {
    return sendDisbursement(d);
  },

  async sendRefund(d) {
    return sendDisbursement(d);
  },

  /**
   * As for deposits: one it was never sent (not sent by this process, and no reference stored) is
   * not found; else processing for the first 3 s, then the outcome the phone decides. `03` never
   * answers: processing for the deposit expiry age, then not found (the caller may re-send the id).
   */
  async queryDisbursement(d): Promise<DisbursementStatus> {
    const sent = store.__kolaSandboxSent?.get(d.id);
    const at = sent?.at ?? (d.providerReference ? (d.createdAt?.getTime() ?? 0) : undefined);
    if (at === undefined) return { state: "not_found" };
    const age = Date.now() - at;
    const result = sandboxDisbursementOutcome(d.phoneNumber);
    if (!result) return age < depositExpirySeconds() * 1000 ? { state: "processing" } : { state: "not_found" };
    if (age < 3000) return { state: "processing" };
    return { state: "settled", ...result, providerReference: sandboxDisbursementReference(d) };
  },

  /** The sandbox's money-out callback: HMAC over the raw body (x-kola-signature), fresh, well formed. */
  async parseDisbursementCallback(req, raw): Promise<DisbursementUpdate> {
    if (!verifyCallback(raw, req.headers.get("x-kola-signature"))) throw ProviderError.badSignature("x-kola-signature");
    const body = readCallback(() => disbursementBody.parse(JSON.parse(raw)));
    const update = { kind: body.kind, id: body.id, eventId: body.event_id };
    if (body.status === "success") return { ...update, status: { state: "settled", outcome: "success", providerReference: body.reference } };
    if (!body.reason) throw ProviderError.badCallback("a failure without its reason");
    return { ...update, status: { state: "settled", outcome: "failed", reason: body.reason, providerReference: body.reference } };
  },
};

export const sandboxProvider = {
  name: "sandbox",

  requestIdOf: (deposit) => deposit.trackId,

  async requestCollection(deposit: DepositRow) {
    const reference = await recordReference(deposit);
    const outcome = sandboxOutcome(deposit.phoneNumber);
    if (outcome) {
      const body: CallbackBody = {
        event_id: randomUUID(),
        reference,
        track_id: deposit.trackId,
        status: outcome.status as "success" | "failed",
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        amount: deposit.amount,
        currency: deposit.currency,
        timestamp: Math.floor(Date.now() / 1000),
      };
      deliver("/api/providers/sandbox/callback", body, { track_id: deposit.trackId });
    }
    return { reference };
  },

  /**
   * As a real provider answers: a collection it was never asked for (no reference stored, e.g. a
   * crash before the request) is not found; else processing for the first 3 s, then the outcome the
   * phone decides. `03` never answers: processing until the deposit's expiry age, then not found
   * (the operator dropped the prompt), so the sweeper expires it.
   */
  async queryStatus(deposit: DepositRow): Promise<ProviderStatus> {
    if (!deposit.providerReference) return { state: "not_found" };
    const age = Date.now() - deposit.createdAt.getTime();
    const settlement = sandboxOutcome(deposit.phoneNumber);
    if (!settlement) return age < depositExpirySeconds() * 1000 ? { state: "processing" } : { state: "not_found" };
    if (age < 3000) return { state: "processing" };
    return { state: "settled", settlement: { ...settlement, providerReference: deposit.providerReference } };
  },

  /** The sandbox's signed callback (HMAC-SHA256 over the raw body, `x-kola-signature`), read like any provider's. */
  async parseCallback(req: CallbackRequest): Promise<CallbackEvent> {
    if (!verifyCallback(req.raw, req.headers.get("x-kola-signature"))) throw ProviderError.badSignature("x-kola-signature");
    const body = readCallback(() => callbackBody.parse(JSON.parse(req.raw)));
    return {
      eventId: body.event_id,
      requestId: body.track_id,
      outcome: { status: body.status, reason: body.reason, providerReference: body.reference },
      amountMinor: body.amount,
      currency: body.currency,
      reference: body.track_id,
      body,
    };
  },

  capabilities: { push: true, availability: null, predictOperator: null, moneyOut: sandboxMoneyOut, cards: true },
} satisfies Provider;

