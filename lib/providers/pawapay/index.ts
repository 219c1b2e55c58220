import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { marketplaceGateways, paymentGateways } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { log, scrub } from "@/lib/runtime/log";
import { setting } from "@/lib/runtime/config";
import type { CallbackRequest } from "@/lib/providers/callback-event";
import { callbackRequest } from "@/lib/providers/callback-event";
import { isProviderError, ProviderError, readCallback } from "@/lib/providers/provider-error";
import { callProvider, recordProviderLog, type LogSubject } from "@/lib/providers/provider-log";
import type {
  Disbursement,
  DisbursementStatus,
  DisbursementUpdate,
  AvailabilityReport,
  MoneyOut,
  OperatorAvailability,
  Provider,
  ProviderStatus,
} from "@/lib/providers/types";
import { decimalsOf as decimalsOfCurrency } from "@/lib/core/money";
import { amountText, decimalsOf, minorOf, operatorOfPawapayCode, outageOf, pawapayProviderCodes, reasonOf } from "./codes";
import { publicKeyOf, verifyMessage } from "./http-signature";
import * as api from "./schemas";

// pawaPay Merchant API v2 (docs.pawapay.io/v2): a push to the payer's phone. Kola's deposit id is
// pawaPay's depositId, so a retry after a lost answer is answered DUPLICATE_IGNORED, never paid twice.

export const PAWAPAY_SANDBOX_URL = "https://api.sandbox.pawapay.io";

export function pawapaySettings() {
    return {
    baseUrl: (setting("PAWAPAY_BASE_URL") || PAWAPAY_SANDBOX_URL).replace(/\/+$/, ""),
    token: setting("PAWAPAY_API_TOKEN"),
    signedCallbacks: setting("PAWAPAY_SIGNED_CALLBACKS"),
  };
}

export const pawapayConfigured = () => Boolean(pawapaySettings().token);


function headers(): Record<string, string> {
  return { authorization: `Bearer ${pawapaySettings().token}`, "content-type": "application/json", accept: "application/json" };
}

type Cached<T> = { at: number; value: T };
type Conf = { deposits: Map<string, OperatorAvailability & { decimals: number }>; payouts: Map<string, OperatorAvailability> };
const cache = globalThis as unknown as {
  __kolaPawapayConf?: Cached<Conf>;
  /** the last failed read: why, and whether it was an answer we could not read */
  __kolaPawapayConfProblem?: { at: number; unreadable: boolean; problem: string };
  __kolaPawapayKeys?: Cached<Map<string, KeyObject>>;
};

const CONF_TTL_MS = 60_000;
const KEYS_TTL_MS = 3_600_000;

/** How long a configuration read earlier may stand in for one that cannot be had now. */
export function configStaleSeconds(): number {
  return setting("PROVIDER_CONFIG_STALE_SECONDS");
}

/** Forgets what was fetched from pawaPay (tests; a changed configuration). */
export function clearPawapayCache(): void {
  cache.__kolaPawapayConf = undefined;
  cache.__kolaPawapayConfProblem = undefined;
  cache.__kolaPawapayKeys = undefined;
}

/**
 * pawaPay's active configuration (limits, decimals per operation type) and availability
 * (OPERATIONAL / DELAYED / CLOSED per operation type), read leniently in every published form
 * (schemas.ts), as our operators. Fails with a bad_answer ProviderError when an answer cannot be read
 * at all (a contract mismatch), an unreachable one when there was no answer.
 */
async function readConfiguration(): Promise<Conf> {
  const { baseUrl } = pawapaySettings();
  const [conf, status] = await Promise.all([
    callProvider({ provider: "pawapay", operation: "GET /v2/active-conf", url: `${baseUrl}/v2/active-conf`, headers: headers(), attempts: 1, timeoutMs: 5000 }),
    callProvider({ provider: "pawapay", operation: "GET /v2/availability", url: `${baseUrl}/v2/availability`, headers: headers(), attempts: 1, timeoutMs: 5000 }),
  ]);
  if (conf.status !== 200 || status.status !== 200) throw ProviderError.badAnswer(`active-conf answered ${conf.status}, availability ${status.status}`);
  const readOrSay = <T>(what: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      const said = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ") : String(error);
      throw ProviderError.badAnswer(`${what}: ${said}`.slice(0, 300));
    }
  };
  const read = readOrSay("GET /v2/active-conf", () => api.readActiveConf(conf.body));
  const states = readOrSay("GET /v2/availability", () => api.readAvailability(status.body));
  if (read.skipped.length) log("warn", "pawapay active-conf: entries skipped", { skipped: read.skipped.slice(0, 10) });
  const value: Conf = { deposits: new Map(), payouts: new Map() };
  for (const entry of read.providers) {
    const ours = operatorOfPawapayCode[entry.provider];
    if (!ours) continue;
    const currencyDecimals = decimalsOfCurrency(entry.currency);
    const bound = (text?: string) => (text === undefined ? undefined : (minorOf(text, currencyDecimals) ?? undefined));
    const open = (type: string) => (states.get(entry.provider)?.[type] ?? "OPERATIONAL") !== "CLOSED";
    const deposit = entry.operations.DEPOSIT;
    if (deposit) {
      value.deposits.set(ours, { available: open("DEPOSIT"), min: bound(deposit.min), max: bound(deposit.max), decimals: decimalsOf(deposit.decimalsInAmount, currencyDecimals) });
    }
    const payout = entry.operations.PAYOUT;
    if (payout) value.payouts.set(ours, { available: open("PAYOUT"), min: bound(payout.min), max: bound(payout.max) });
  }
  return value;
}

/**
 * What pawaPay says of our operators, read at most once a minute. A configuration that
 * cannot be read now is replaced by the last one read for PROVIDER_CONFIG_STALE_SECONDS, then the
 * provider is `stale` (routing skips it). One pawaPay answers but we cannot read is `unreadable`:
 * an alert, and its operators are "unknown" (tried, failed over from on error), never absent.
 */
async function configuration(): Promise<AvailabilityReport> {
  const held = cache.__kolaPawapayConf;
  const report = (configuration: AvailabilityReport["configuration"], conf: Conf | undefined, problem?: string): AvailabilityReport => ({
    configuration,
    deposits: conf?.deposits ?? new Map(),
    payouts: conf?.payouts ?? new Map(),
    known: Object.keys(pawapayProviderCodes),
    readAt: held ? new Date(held.at) : null,
    ...(problem ? { problem } : {}),
  });
  if (held && Date.now() - held.at < CONF_TTL_MS) return report("ok", held.value);
  const failed = cache.__kolaPawapayConfProblem;
  // a read that just failed is not retried on every page view
  if (!failed || Date.now() - failed.at >= 10_000) {
    try {
      const value = await readConfiguration();
      cache.__kolaPawapayConf = { at: Date.now(), value };
      cache.__kolaPawapayConfProblem = undefined;
      return { ...report("ok", value), readAt: new Date() };
    } catch (error) {
      const unreadable = isProviderError(error, "bad_answer");
      cache.__kolaPawapayConfProblem = { at: Date.now(), unreadable, problem: scrub(error instanceof Error ? error.message : String(error)) };
      if (unreadable) log("error", "alert: pawapay configuration unreadable", { problem: cache.__kolaPawapayConfProblem.problem });
      else log("warn", "pawapay configuration unavailable", { error: cache.__kolaPawapayConfProblem.problem });
    }
  }
  const problem = cache.__kolaPawapayConfProblem;
  if (problem?.unreadable) return report("unreadable", undefined, problem.problem);
  if (held && Date.now() - held.at < configStaleSeconds() * 1000) return report("ok", held.value);
  if (held) return report("stale", held.value, problem?.problem);
  return report("unreachable", undefined, problem?.problem);
}

/** The keys pawaPay signs callbacks with, by key id; fetched again for a key id not seen yet. */
async function publicKey(keyid: string): Promise<KeyObject | undefined> {
  const held = cache.__kolaPawapayKeys;
  if (held && Date.now() - held.at < KEYS_TTL_MS && held.value.has(keyid)) return held.value.get(keyid);
  if (held && Date.now() - held.at < 10_000) return held.value.get(keyid); // no refetch storm for unknown ids
  try {
    const answer = await callProvider({ provider: "pawapay", operation: "GET /v2/public-key/http", url: `${pawapaySettings().baseUrl}/v2/public-key/http`, headers: headers(), attempts: 2, timeoutMs: 5000 });
    const keys = new Map(api.publicKeys.parse(answer.body).map((k) => [k.id, publicKeyOf(k.key)] as const));
    cache.__kolaPawapayKeys = { at: Date.now(), value: keys };
    return keys.get(keyid);
  } catch (error) {
    log("warn", "pawapay public keys unavailable", { error });
    return held?.value.get(keyid);
  }
}

/** pawaPay's signature over a callback (RFC 9421), when signed callbacks are on; else a bad_signature. */
async function verifyCallback(req: CallbackRequest): Promise<void> {
  if (!pawapaySettings().signedCallbacks) return;
  const verified = await verifyMessage({ method: req.method, authority: req.authority, path: req.path, headers: req.headers, body: req.raw }, publicKey);
  if (verified.ok) return;
  if (req.altAuthority) {
    const again = await verifyMessage({ method: req.method, authority: req.altAuthority, path: req.path, headers: req.headers, body: req.raw }, publicKey);
    if (again.ok) return;
  }
  throw ProviderError.badSignature(verified.why);
}

/** "4 to 22 characters" shown on the payer's prompt: the shop's name, letters, digits and spaces. */
export function customerMessage(shopName: string): string {
  const cleaned = shopName.normalize("NFD").replace(/[^A-Za-z0-9 ]+/g, "").replace(/\s+/g, " ").trim().slice(0, 22).trim();
  return cleaned.length >= 4 ? cleaned : `Kola ${cleaned}`.trim().padEnd(4, "0");
}

/** The name the payer sees on the prompt: the payment link's or the marketplace link's shop. */
async function shopNameOf(deposit: DepositRow): Promise<string> {
  const db = await getDb();
  if (deposit.paymentGatewayId) {
    const [row] = await db.select({ name: paymentGateways.shopName }).from(paymentGateways).where(eq(paymentGateways.id, deposit.paymentGatewayId));
    return row?.name ?? "Kola";
  }
  if (!deposit.marketplaceGatewayId) return "Kola";
  const [row] = await db.select({ name: marketplaceGateways.shopName }).from(marketplaceGateways).where(eq(marketplaceGateways.id, deposit.marketplaceGatewayId));
  return row?.name ?? "Kola";
}

function settlementOf(data: api.Deposit): ProviderStatus {
  if (data.status === "COMPLETED") return { state: "settled", settlement: { status: "success" } };
  if (data.status === "FAILED") return { state: "settled", settlement: { status: "failed", reason: reasonOf(data.failureReason?.failureCode) } };
  return { state: "processing" };
}

/** Whether pawaPay's description of a deposit is about ours: same amount, currency and reference. */
function matches(data: api.Deposit, deposit: DepositRow): boolean {
  return (
    data.depositId === deposit.id &&
    data.currency === deposit.currency &&
    minorOf(data.amount, decimalsOfCurrency(deposit.currency)) === deposit.amount &&
    (data.clientReferenceId === undefined || data.clientReferenceId === deposit.trackId)
  );
}

/** pawaPay's predict-provider: the operator of a number (it knows ported numbers), or null. */
async function predictOperator(phone: string): Promise<string | null> {
  const answer = await callProvider({
    provider: "pawapay",
    operation: "POST /v2/predict-provider",
    url: `${pawapaySettings().baseUrl}/v2/predict-provider`,
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ phoneNumber: phone }),
    logged: { phoneNumber: "[hidden]" },
    attempts: 1,
    timeoutMs: 3000,
  });
  const parsed = api.predictAnswer.safeParse(answer.body);
  return parsed.success ? (operatorOfPawapayCode[parsed.data.provider] ?? null) : null;
}

/** pawaPay's payouts and refunds (v2). */
const pawapayMoneyOut: MoneyOut = {
  sendPayout(d) {
    const provider = pawapayProviderCodes[d.operator];
    if (!provider) return Promise.reject(ProviderError.refused("operator_unavailable", `pawapay does not pay out to ${d.operator}`));
    const body: api.PayoutRequest = {
      payoutId: d.id,
      recipient: { type: "MMO", accountDetails: { phoneNumber: d.phoneNumber, provider } },
      amount: disbursementAmount(d),
      currency: d.currency,
    };
    return initiateDisbursement(d, "POST /v2/payouts", "/v2/payouts", body);
  },

  sendRefund(d) {
    if (!d.deposit || d.deposit.provider !== "pawapay") {
      return Promise.reject(ProviderError.refused("not_refundable", "pawapay refunds only deposits it collected"));
    }
    // amount and currency always: a full refund names the whole amount, so a lost answer retried
    // after a partial refund elsewhere can never refund "the rest"
    const body: api.RefundRequest = { refundId: d.id, depositId: d.deposit.id, amount: disbursementAmount(d), currency: d.currency };
    return initiateDisbursement(d, "POST /v2/refunds", "/v2/refunds", body);
  },

  async queryDisbursement(d) {
    const operation = d.kind === "payout" ? "GET /v2/payouts/{payoutId}" : "GET /v2/refunds/{refundId}";
    const answer = await callProvider({
      provider: "pawapay",
      operation,
      url: `${pawapaySettings().baseUrl}/v2/${d.kind}s/${encodeURIComponent(d.id)}`,
      headers: headers(),
      logged: { [`${d.kind}Id`]: d.id },
      deposit: logSubject(d),
      describe: ({ body }) => {
        const b = body as { status?: string; data?: { status?: string } };
        return String(b?.data?.status ?? b?.status ?? "answered").toLowerCase();
      },
    });
    if (answer.status !== 200) throw ProviderError.badAnswer(`pawapay ${d.kind} status query answered ${answer.status}`);
    const parsed = d.kind === "payout" ? api.payoutStatusAnswer.parse(answer.body) : api.refundStatusAnswer.parse(answer.body);
    if (parsed.status === "NOT_FOUND") return { state: "not_found" };
    const id = "payoutId" in parsed.data ? parsed.data.payoutId : parsed.data.refundId;
    const ours = id === d.id && parsed.data.currency === d.currency && minorOf(parsed.data.amount, decimalsOfCurrency(d.currency)) === d.amount;
    if (!ours) {
      await recordProviderLog({ provider: "pawapay", deposit: logSubject(d), kind: "request", operation, outcome: "mismatch", alert: true, response: parsed.data });
      return { state: "processing" }; // money is never guessed: a person looks at the alert
    }
    return disbursementStatusOf(parsed.data);
  },

  /**
   * pawaPay's payout and refund callbacks (one URL can take both: the body names a payoutId or a
   * refundId). Signed like deposit callbacks. Only final statuses settle anything.
   */
  async parseDisbursementCallback(req, raw) {
    try {
      await verifyCallback(callbackRequest(req, raw));
    } catch (error) {
      if (isProviderError(error, "bad_signature")) log("warn", "provider callback refused", { provider: "pawapay", why: error.message });
      throw error;
    }
    const json = readCallback((): unknown => JSON.parse(raw));
    const kind = json && typeof json === "object" && "refundId" in json ? "refund" : "payout";
    const parsed = kind === "payout" ? api.payout.safeParse(json) : api.refund.safeParse(json);
    if (!parsed.success) throw ProviderError.badCallback(parsed.error.message);
    const data = parsed.data;
    const id = "payoutId" in data ? data.payoutId : data.refundId;
    const status = disbursementStatusOf(data);
    if (status.state !== "settled") {
      const said = `pawapay reported ${data.status}: not a final status`;
      throw ProviderError.badCallback(said, said);
    }
    const update: DisbursementUpdate = {
      kind,
      id,
      status,
      eventId: `${kind}:${id}:${data.status}`,
      amount: minorOf(data.amount, decimalsOfCurrency(data.currency)),
      currency: data.currency,
      body: data,
    };
    return update;
  },
};

export const pawapayProvider = {
  name: "pawapay",

  requestIdOf: (deposit) => deposit.id,

  async requestCollection(deposit) {
    const provider = pawapayProviderCodes[deposit.operator];
    const conf = (await configuration()).deposits.get(deposit.operator) as { decimals?: number } | undefined;
    if (!provider) throw ProviderError.refused("operator_unavailable");
    const amount = amountText(deposit.amount, decimalsOfCurrency(deposit.currency), conf?.decimals ?? decimalsOfCurrency(deposit.currency));
    if (amount === null) throw ProviderError.refused("amount_out_of_bounds", "amount has decimals the provider does not take");
    const body: api.DepositRequest = {
      depositId: deposit.id,
      payer: { type: "MMO", accountDetails: { phoneNumber: deposit.phoneNumber, provider } },
      amount,
      currency: deposit.currency,
      clientReferenceId: deposit.trackId,
      customerMessage: customerMessage(await shopNameOf(deposit)),
    };
    const answer = await callProvider({
      provider: "pawapay",
      operation: "POST /v2/deposits",
      url: `${pawapaySettings().baseUrl}/v2/deposits`,
      method: "POST",
      headers: headers(),
      body: JSON.stringify(body),
      deposit,
      describe: ({ body }) => String((body as { status?: unknown })?.status ?? "answered").toLowerCase(),
    });
    if (answer.status === 429) throw ProviderError.badAnswer("pawapay answered 429: outcome unknown");
    // 401/403: pawaPay refused our credentials before looking at the deposit
    if (answer.status === 401 || answer.status === 403) throw ProviderError.refused("provider_error", `pawapay refused our credentials: ${answer.status}`, { outage: "provider" });
    const parsed = api.initiateAnswer.safeParse(answer.body);
    if (answer.status >= 400 || (parsed.success && parsed.data.status === "REJECTED")) {
      const code = (answer.body as { failureReason?: { failureCode?: string } })?.failureReason?.failureCode;
      throw ProviderError.refused(reasonOf(code ?? "INVALID_INPUT"), `pawapay rejected the deposit: ${code ?? answer.status}`, { outage: outageOf(code) });
    }
    if (!parsed.success || parsed.data.depositId !== deposit.id) throw ProviderError.badAnswer("pawapay answered an unreadable initiation");
    // ACCEPTED, or DUPLICATE_IGNORED: pawaPay already has this deposit from an earlier try
    return { reference: deposit.id };
  },

  async queryStatus(deposit) {
    const answer = await callProvider({
      provider: "pawapay",
      operation: "GET /v2/deposits/{depositId}",
      url: `${pawapaySettings().baseUrl}/v2/deposits/${encodeURIComponent(deposit.id)}`,
      headers: headers(),
      deposit,
      describe: ({ body }) => {
        const b = body as { status?: string; data?: { status?: string } };
        return String(b?.data?.status ?? b?.status ?? "answered").toLowerCase();
      },
    });
    if (answer.status !== 200) throw ProviderError.badAnswer(`pawapay status query answered ${answer.status}`);
    const parsed = api.statusAnswer.parse(answer.body);
    if (parsed.status === "NOT_FOUND") return { state: "not_found" };
    if (!matches(parsed.data, deposit)) {
      await recordProviderLog({ provider: "pawapay", deposit, kind: "request", operation: "GET /v2/deposits/{depositId}", outcome: "mismatch", alert: true, response: parsed.data });
      return { state: "processing" }; // money is never guessed: a person looks at the alert
    }
    return settlementOf(parsed.data);
  },

  async parseCallback(req) {
    await verifyCallback(req);
    const data = readCallback(() => api.deposit.parse(JSON.parse(req.raw)));
    const status = settlementOf(data);
    return {
      eventId: `${data.depositId}:${data.status}`,
      requestId: data.depositId,
      outcome: status.state === "settled" ? status.settlement : null,
      amountMinor: minorOf(data.amount, decimalsOfCurrency(data.currency)),
      currency: data.currency,
      reference: data.clientReferenceId,
      body: data,
    };
  },

  capabilities: {
    push: true,
    availability: configuration,
    predictOperator,
    moneyOut: pawapayMoneyOut,
  },
} satisfies Provider;

/** Payouts and refunds are logged under the refunded deposit, or the account (a payout has no deposit). */
function logSubject(d: Disbursement): LogSubject {
  return d.deposit ?? { id: null, accountId: d.accountId ?? null, mode: d.mode };
}

/**
 * Our minor units as pawaPay writes them. Every decimal the currency has is sent (a payout is never
 * rounded): a provider that takes fewer refuses it with INVALID_AMOUNT, a definite "no".
 */
function disbursementAmount(d: Disbursement): string {
  const decimals = decimalsOfCurrency(d.currency);
  return amountText(d.amount, decimals, decimals) ?? String(d.amount);
}

/** pawaPay's failure codes for money out: the phone is the recipient's, not a payer's. */
function disbursementReason(code: string | undefined): string {
  const reason = reasonOf(code);
  return reason === "payer_not_found" || reason === "invalid_phone_number" ? "recipient_not_found" : reason;
}

function disbursementStatusOf(data: api.Payout | api.Refund): DisbursementStatus {
  const providerReference = data.providerTransactionId;
  if (data.status === "COMPLETED") return { state: "settled", outcome: "success", ...(providerReference ? { providerReference } : {}) };
  if (data.status === "FAILED") {
    return { state: "settled", outcome: "failed", reason: disbursementReason(data.failureReason?.failureCode), ...(providerReference ? { providerReference } : {}) };
  }
  return { state: "processing" };
}

/**
 * POST /v2/payouts or /v2/refunds. ACCEPTED and DUPLICATE_IGNORED (pawaPay has this id from an
 * earlier try) are taken; REJECTED or a 4xx answer is a definite "no" (a `refused` ProviderError); a 429,
 * 5xx after retries, a timeout or an unreadable answer leaves the outcome unknown (unreachable, bad_answer).
 */
async function initiateDisbursement(d: Disbursement, operation: string, path: string, body: api.PayoutRequest | api.RefundRequest): Promise<{ reference: string }> {
  const answer = await callProvider({
    provider: "pawapay",
    operation,
    url: `${pawapaySettings().baseUrl}${path}`,
    method: "POST",
    headers: headers(),
    body: JSON.stringify(body),
    deposit: logSubject(d),
    describe: ({ body }) => String((body as { status?: unknown })?.status ?? "answered").toLowerCase(),
  });
  if (answer.status === 429) throw ProviderError.badAnswer(`pawapay answered 429 to ${operation}: outcome unknown`);
  const parsed = d.kind === "payout" ? api.payoutAnswer.safeParse(answer.body) : api.refundAnswer.safeParse(answer.body);
  if (answer.status >= 400 || (parsed.success && parsed.data.status === "REJECTED")) {
    const code = (answer.body as { failureReason?: { failureCode?: string } })?.failureReason?.failureCode;
    throw ProviderError.refused(disbursementReason(code ?? "INVALID_INPUT"), `pawapay rejected the ${d.kind}: ${code ?? answer.status}`, { outage: outageOf(code) });
  }
  const id = parsed.success ? ("payoutId" in parsed.data ? parsed.data.payoutId : parsed.data.refundId) : undefined;
  if (id !== d.id) throw ProviderError.badAnswer(`pawapay answered an unreadable ${d.kind} initiation`);
  return { reference: d.id };
}
