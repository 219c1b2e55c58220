import fs from "node:fs";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { countries } from "@/lib/countries";
import { decimalsOf, type Currency } from "@/lib/core/money";
import { operatorOfPawapayCode, pawapayProviderCodes } from "@/lib/providers/pawapay/codes";
import { signMessage } from "@/lib/providers/pawapay/http-signature";
import { depositRequest, payoutRequest, predictRequest, refundRequest, type Deposit, type Payout, type Refund } from "@/lib/providers/pawapay/schemas";
import { parseJsonBody, serve, type Answer, type Incoming, type Served } from "./serve";

// The published example's DEPOSIT entry (authType, PIN prompt and its instructions): the emulator
// answers with it, so Kola reads the fields pawaPay publishes, not only those it needs.
type PublishedConf = { countries: { providers: { currencies: { operationTypes: { DEPOSIT: Record<string, unknown> }[] }[] }[] }[] };
const publishedConf = JSON.parse(fs.readFileSync(new URL("../fixtures/providers/pawapay/active-conf.example.json", import.meta.url), "utf8")) as PublishedConf;
const publishedDeposit = publishedConf.countries[0]!.providers[0]!.currencies[0]!.operationTypes[0]!.DEPOSIT;

// A contract emulator of the pawaPay Merchant API v2, built from its API reference: the same paths,
// bodies and statuses, requests checked against the documented schema, callbacks signed per
// RFC 9421 with a P-256 key pair it generates and publishes at GET /v2/public-key/http.
//
// Outcomes by the payer's phone number, last two digits (like pawaPay's sandbox test numbers):
//   01 FAILED INSUFFICIENT_BALANCE      02 FAILED PAYMENT_NOT_APPROVED    04 FAILED PAYER_NOT_FOUND
//   05 FAILED PAYER_LIMIT_REACHED       06 FAILED UNSPECIFIED_FAILURE     03 stays PROCESSING, no callback
//   07 REJECTED on initiation (INVALID_PHONE_NUMBER)
//   08 answers the initiation slowly (slowMs), then COMPLETED      09 calls back before answering
//   anything else COMPLETED.
//
// Payouts (POST /v2/payouts) by the recipient's phone, the same way: 01 FAILED INSUFFICIENT_BALANCE
// (our wallet), 02 FAILED RECIPIENT_NOT_FOUND, 06 FAILED UNSPECIFIED_FAILURE, 03 stays PROCESSING,
// 07 REJECTED INVALID_PHONE_NUMBER, 08 slow, 09 calls back before answering, else COMPLETED.
// Refunds (POST /v2/refunds) of a COMPLETED deposit it holds, never more than what remains and one
// at a time (DEPOSIT_NOT_FOUND, DEPOSIT_NOT_COMPLETED, AMOUNT_TOO_LARGE, IN_PROGRESS), by the
// payer's phone like payouts. `tamper.failDisbursements` fails every later payout and refund.

export type PawapayEmulatorOptions = {
  port?: number;
  /** where callbacks go, e.g. http://127.0.0.1:3000/api/providers/pawapay/callback */
  callbackUrl?: string;
  /** where payout and refund callbacks go, e.g. …/api/providers/pawapay/disbursements/callback */
  disbursementCallbackUrl?: string;
  /** the API token it expects; any bearer token when unset */
  token?: string;
  callbackDelayMs?: number;
  slowMs?: number;
};

export type PawapayEmulator = Served & {
  deposits: Map<string, Deposit>;
  payouts: Map<string, Payout>;
  /** refunds, with the deposit each refunds */
  refunds: Map<string, Refund & { depositId: string }>;
  /** providers whose deposits are CLOSED in /v2/availability */
  closed: Set<string>;
  keyId: string;
  /** the callbacks sent, with our reply's status */
  callbacks: { body: string; status: number | null }[];
  /** changes the amount or currency pawaPay reports in callbacks and status checks (tests) */
  tamper: {
    amount?: string;
    currency?: string;
    signatureOf?: "other-key" | "none";
    alterBodyAfterSigning?: boolean;
    mute?: boolean;
    /** every later payout and refund FAILS with this failure code */
    failDisbursements?: string;
    /** POST /v2/deposits answers 500 and keeps nothing (its status check then says NOT_FOUND) */
    initiationDown?: boolean;
    /** GET /v2/active-conf answers 200 with a body no reader can take (a contract change) */
    unreadableConf?: boolean;
    /** every later deposit initiation is REJECTED (HTTP 200) with this failure code */
    rejectDeposits?: string;
  };
  sendCallback(depositId: string): Promise<number | null>;
  /** (re)sends the callback of a payout or refund, as pawaPay's resend-callback does */
  sendDisbursementCallback(id: string): Promise<number | null>;
  /** every callback sent so far has been answered */
  settled(): Promise<void>;
};

const FAILURES: Record<string, string> = {
  "01": "INSUFFICIENT_BALANCE",
  "02": "PAYMENT_NOT_APPROVED",
  "04": "PAYER_NOT_FOUND",
  "05": "PAYER_LIMIT_REACHED",
  "06": "UNSPECIFIED_FAILURE",
};

const PAYOUT_FAILURES: Record<string, string> = {
  "01": "INSUFFICIENT_BALANCE",
  "02": "RECIPIENT_NOT_FOUND",
  "06": "UNSPECIFIED_FAILURE",
};

const rejected = (status: number, failureCode: string, failureMessage: string, depositId?: string): Answer => ({
  status,
  body: { ...(depositId ? { depositId } : {}), status: "REJECTED", failureReason: { failureCode, failureMessage } },
});

function countryOfProvider(code: string): keyof typeof countries | undefined {
  const ours = operatorOfPawapayCode[code];
  return (Object.keys(countries) as (keyof typeof countries)[]).find((c) => ours && Object.hasOwn(countries[c].operators, ours));
}

/** active-conf as the published example writes it: operationTypes a list of one-key objects, limits as min/maxTransactionLimit. */
function activeConf() {
  return {
    companyName: "Kola emulator",
    countries: (Object.keys(countries) as (keyof typeof countries)[]).map((country) => {
      const currency = countries[country].currency as Currency;
      const twoPlaces = decimalsOf(currency) === 2;
      return {
        country,
        displayName: { en: countries[country].name, fr: countries[country].name },
        providers: Object.keys(countries[country].operators).map((ours) => ({
          provider: pawapayProviderCodes[ours],
          displayName: (countries[country].operators as Record<string, string>)[ours],
          currencies: [
            {
              currency,
              displayName: currency,
              operationTypes: [
                {
                  DEPOSIT: {
                    ...publishedDeposit,
                    minTransactionLimit: currency === "XAF" || currency === "XOF" ? "100" : "1",
                    maxTransactionLimit: "2000000",
                    decimalsInAmount: twoPlaces ? "TWO_PLACES" : "NONE",
                  },
                },
                { PAYOUT: { minTransactionLimit: "1", maxTransactionLimit: "2000000", decimalsInAmount: twoPlaces ? "TWO_PLACES" : "NONE" } },
              ],
            },
          ],
        })),
      };
    }),
  };
}

export async function startPawapayEmulator(options: PawapayEmulatorOptions = {}): Promise<PawapayEmulator> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const keyId = `EMULATOR_EC_P256_KEY:${randomUUID().slice(0, 8)}`;
  const deposits = new Map<string, Deposit>();
  const payouts = new Map<string, Payout>();
  const refunds = new Map<string, Refund & { depositId: string }>();
  const closed = new Set<string>();
  const callbacks: PawapayEmulator["callbacks"] = [];
  const inFlight = new Set<Promise<unknown>>();
  const tamper: PawapayEmulator["tamper"] = {};
  const slowMs = options.slowMs ?? 800;

  const reported = <T extends { amount: string; currency: string }>(d: T): T => ({ ...d, amount: tamper.amount ?? d.amount, currency: tamper.currency ?? d.currency });
  /** a refund as pawaPay describes it (the deposit it refunds is the emulator's own bookkeeping) */
  const publicRefund = (r: Refund & { depositId: string }): Refund => {
    const { depositId, ...shown } = r;
    void depositId;
    return shown;
  };

  async function sendCallback(depositId: string): Promise<number | null> {
    const deposit = deposits.get(depositId);
    if (!deposit || !options.callbackUrl) return null;
    return deliver(options.callbackUrl, reported(deposit));
  }

  async function sendDisbursementCallback(id: string): Promise<number | null> {
    const payout = payouts.get(id);
    const refund = refunds.get(id);
    const body = payout ?? (refund ? publicRefund(refund) : undefined);
    if (!body || !options.disbursementCallbackUrl) return null;
    return deliver(options.disbursementCallbackUrl, reported(body));
  }

  async function deliver(callbackUrl: string, payload: object): Promise<number | null> {
    if (tamper.mute) return null;
    let body = JSON.stringify(payload);
    const url = new URL(callbackUrl);
    let headers: Record<string, string> = { "content-type": "application/json" };
    if (tamper.signatureOf !== "none") {
      const key = tamper.signatureOf === "other-key" ? other.privateKey : privateKey;
      headers = signMessage({ method: "POST", authority: url.host, path: url.pathname, headers, body }, key, keyId);
    }
    if (tamper.alterBodyAfterSigning) body = body.replace(/"status":"[A-Z_]+"/, '"status":"COMPLETED"').replace(/"amount":"\d+/, '"amount":"1');
    let status: number | null = null;
    try {
      const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
      status = res.status;
      await res.text();
    } catch {
      status = null;
    }
    callbacks.push({ body, status });
    return status;
  }

  function later(depositId: string, send: (id: string) => Promise<number | null> = sendCallback) {
    if (tamper.mute) return; // a lost callback stays lost
    const task = new Promise((r) => setTimeout(r, options.callbackDelayMs ?? 50)).then(() => send(depositId));
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }

  function authorised(req: Incoming): Answer | null {
    const header = req.headers.authorization ?? "";
    if (!header.startsWith("Bearer ")) return rejected(401, "NO_AUTHENTICATION", "No API token in the request");
    if (options.token && header !== `Bearer ${options.token}`) return rejected(403, "AUTHENTICATION_ERROR", "The API token is not valid");
    return null;
  }

  async function initiate(req: Incoming): Promise<Answer> {
    const json = parseJsonBody(req.raw);
    if (json === undefined) return rejected(400, "INVALID_INPUT", "The body is not JSON");
    const parsed = depositRequest.safeParse(json);
    const depositId = (json as { depositId?: unknown })?.depositId;
    const id = typeof depositId === "string" ? depositId : undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const code = issue.code === "unrecognized_keys" ? "UNSUPPORTED_PARAMETER" : issue.code === "invalid_type" && /received undefined/.test(issue.message) ? "MISSING_PARAMETER" : "INVALID_PARAMETER";
      return rejected(400, code, `${issue.path.join(".")}: ${issue.message}`, id);
    }
    const body = parsed.data;
    const created = new Date().toISOString();
    if (deposits.has(body.depositId)) return { status: 200, body: { depositId: body.depositId, status: "DUPLICATE_IGNORED", created } };
    if (tamper.rejectDeposits) return rejected(200, tamper.rejectDeposits, tamper.rejectDeposits.toLowerCase().replaceAll("_", " "), body.depositId);
    const provider = body.payer.accountDetails.provider;
    const country = countryOfProvider(provider);
    if (!country) return rejected(200, "INVALID_PROVIDER", "Unknown provider", body.depositId);
    if (countries[country].currency !== body.currency) return rejected(200, "INVALID_CURRENCY", "The provider does not take this currency", body.depositId);
    if (closed.has(provider)) return rejected(200, "PROVIDER_TEMPORARILY_UNAVAILABLE", "The provider is not available", body.depositId);
    const twoPlaces = decimalsOf(body.currency) === 2;
    if (!twoPlaces && body.amount.includes(".")) return rejected(200, "INVALID_AMOUNT", "No decimals for this provider", body.depositId);
    const min = body.currency === "XAF" || body.currency === "XOF" ? 100 : 1;
    if (Number(body.amount) < min || Number(body.amount) > 2_000_000) return rejected(200, "AMOUNT_OUT_OF_BOUNDS", "Outside the provider's limits", body.depositId);
    const phone = body.payer.accountDetails.phoneNumber;
    const last = phone.slice(-2);
    if (last === "07") return rejected(200, "INVALID_PHONE_NUMBER", "The phone number is not valid for the provider", body.depositId);

    const failure = FAILURES[last];
    const deposit: Deposit = {
      depositId: body.depositId,
      status: last === "03" ? "PROCESSING" : failure ? "FAILED" : "COMPLETED",
      amount: body.amount,
      currency: body.currency,
      country,
      payer: body.payer,
      customerMessage: body.customerMessage,
      clientReferenceId: body.clientReferenceId,
      created,
      ...(failure ? { failureReason: { failureCode: failure, failureMessage: failure.toLowerCase().replaceAll("_", " ") } } : { providerTransactionId: `EMU${Date.now()}` }),
    };
    deposits.set(body.depositId, deposit);
    const accepted: Answer = { status: 200, body: { depositId: body.depositId, status: "ACCEPTED", nextStep: "FINAL_STATUS", created } };
    if (last === "03") return accepted;
    if (last === "09") {
      await sendCallback(body.depositId); // the callback overtakes the answer
      return accepted;
    }
    if (last === "08") await new Promise((r) => setTimeout(r, slowMs));
    later(body.depositId);
    return accepted;
  }

  function invalid(json: unknown, error: { issues: { code: string; message: string; path: PropertyKey[] }[] }, idField: string): Answer {
    const issue = error.issues[0]!;
    const code = issue.code === "unrecognized_keys" ? "UNSUPPORTED_PARAMETER" : issue.code === "invalid_type" && /received undefined/.test(issue.message) ? "MISSING_PARAMETER" : "INVALID_PARAMETER";
    const id = (json as Record<string, unknown> | null)?.[idField];
    return { status: 400, body: { ...(typeof id === "string" ? { [idField]: id } : {}), status: "REJECTED", failureReason: { failureCode: code, failureMessage: `${issue.path.join(".")}: ${issue.message}` } } };
  }

  /** Whether pawaPay would take this amount of this currency to this provider; the refusal if not. */
  function refusal(provider: string, currency: string, amount: string): [string, string] | null {
    const country = countryOfProvider(provider);
    if (!country) return ["INVALID_PROVIDER", "Unknown provider"];
    if (countries[country].currency !== currency) return ["INVALID_CURRENCY", "The provider does not take this currency"];
    if (closed.has(provider)) return ["PROVIDER_TEMPORARILY_UNAVAILABLE", "The provider is not available"];
    if (decimalsOf(currency) !== 2 && amount.includes(".")) return ["INVALID_AMOUNT", "No decimals for this provider"];
    const min = currency === "XAF" || currency === "XOF" ? 100 : 1;
    if (Number(amount) < min || Number(amount) > 2_000_000) return ["AMOUNT_OUT_OF_BOUNDS", "Outside the provider's limits"];
    return null;
  }

  /** The outcome a payout or refund to this phone gets, and how its answer and callback go. */
  function disbursementOutcome(phone: string): { status: Payout["status"]; failure?: string } {
    const last = phone.slice(-2);
    const failure = tamper.failDisbursements ?? PAYOUT_FAILURES[last];
    if (last === "03") return { status: "PROCESSING" };
    return failure ? { status: "FAILED", failure } : { status: "COMPLETED" };
  }

  async function settleLater(id: string, phone: string, accepted: Answer): Promise<Answer> {
    const last = phone.slice(-2);
    if (last === "03") return accepted;
    if (last === "09") {
      await sendDisbursementCallback(id); // the callback overtakes the answer
      return accepted;
    }
    if (last === "08") await new Promise((r) => setTimeout(r, slowMs));
    later(id, sendDisbursementCallback);
    return accepted;
  }

  async function initiatePayout(req: Incoming): Promise<Answer> {
    const json = parseJsonBody(req.raw);
    if (json === undefined) return rejected(400, "INVALID_INPUT", "The body is not JSON");
    const parsed = payoutRequest.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error, "payoutId");
    const body = parsed.data;
    const created = new Date().toISOString();
    const no = (code: string, message: string): Answer => ({ status: 200, body: { payoutId: body.payoutId, status: "REJECTED", failureReason: { failureCode: code, failureMessage: message } } });
    if (payouts.has(body.payoutId)) return { status: 200, body: { payoutId: body.payoutId, status: "DUPLICATE_IGNORED", created } };
    const provider = body.recipient.accountDetails.provider;
    const refused = refusal(provider, body.currency, body.amount);
    if (refused) return no(...refused);
    const phone = body.recipient.accountDetails.phoneNumber;
    if (phone.endsWith("07")) return no("INVALID_PHONE_NUMBER", "The phone number is not valid for the provider");
    const outcome = disbursementOutcome(phone);
    payouts.set(body.payoutId, {
      payoutId: body.payoutId,
      status: outcome.status,
      amount: body.amount,
      currency: body.currency,
      country: countryOfProvider(provider)!,
      recipient: body.recipient,
      ...(body.customerMessage ? { customerMessage: body.customerMessage } : {}),
      ...(body.clientReferenceId ? { clientReferenceId: body.clientReferenceId } : {}),
      created,
      ...(outcome.failure ? { failureReason: { failureCode: outcome.failure, failureMessage: outcome.failure.toLowerCase().replaceAll("_", " ") } } : {}),
      ...(outcome.status === "COMPLETED" ? { providerTransactionId: `EMUPO${payouts.size + 1}` } : {}),
    });
    return settleLater(body.payoutId, phone, { status: 200, body: { payoutId: body.payoutId, status: "ACCEPTED", created } });
  }

  async function initiateRefund(req: Incoming): Promise<Answer> {
    const json = parseJsonBody(req.raw);
    if (json === undefined) return rejected(400, "INVALID_INPUT", "The body is not JSON");
    const parsed = refundRequest.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error, "refundId");
    const body = parsed.data;
    const created = new Date().toISOString();
    const no = (code: string, message: string): Answer => ({ status: 200, body: { refundId: body.refundId, status: "REJECTED", failureReason: { failureCode: code, failureMessage: message } } });
    if (refunds.has(body.refundId)) return { status: 200, body: { refundId: body.refundId, status: "DUPLICATE_IGNORED", created } };
    const deposit = deposits.get(body.depositId);
    if (!deposit) return no("DEPOSIT_NOT_FOUND", `Deposit with ID #${body.depositId} not found`);
    if (deposit.status !== "COMPLETED") return no("DEPOSIT_NOT_COMPLETED", "Only completed deposits can be refunded");
    const earlier = [...refunds.values()].filter((r) => r.depositId === body.depositId);
    if (earlier.some((r) => r.status !== "COMPLETED" && r.status !== "FAILED")) return no("IN_PROGRESS", "Another refund of this deposit is being processed");
    const refunded = earlier.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + Number(r.amount), 0);
    const remaining = Number(deposit.amount) - refunded;
    if (remaining <= 0) return no("ALREADY_REFUNDED", "The deposit has already been refunded");
    if (body.currency !== undefined && body.currency !== deposit.currency) return no("INVALID_CURRENCY", "Not the deposit's currency");
    const amount = body.amount ?? String(remaining);
    if (Number(amount) > remaining) return no("AMOUNT_TOO_LARGE", "More than what remains of the deposit");
    const phone = (deposit.payer as { accountDetails: { phoneNumber: string } }).accountDetails.phoneNumber;
    const outcome = disbursementOutcome(phone);
    refunds.set(body.refundId, {
      refundId: body.refundId,
      depositId: body.depositId,
      status: outcome.status,
      amount,
      currency: deposit.currency,
      country: deposit.country,
      recipient: deposit.payer,
      ...(body.clientReferenceId ? { clientReferenceId: body.clientReferenceId } : {}),
      created,
      ...(outcome.failure ? { failureReason: { failureCode: outcome.failure, failureMessage: outcome.failure.toLowerCase().replaceAll("_", " ") } } : {}),
      ...(outcome.status === "COMPLETED" ? { providerTransactionId: `EMURF${refunds.size + 1}` } : {}),
    });
    return settleLater(body.refundId, phone, { status: 200, body: { refundId: body.refundId, status: "ACCEPTED", created } });
  }

  const served = await serve(async (req) => {
    if (req.method === "GET" && req.path === "/v2/public-key/http") {
      return { status: 200, body: [{ id: keyId, key: publicKey.export({ type: "spki", format: "pem" }).toString() }] };
    }
    const denied = authorised(req);
    if (denied) return denied;
    if (req.method === "POST" && req.path === "/v2/deposits") return tamper.initiationDown ? { status: 500, body: { message: "Internal error" } } : initiate(req);
    if (req.method === "POST" && req.path === "/v2/payouts") return initiatePayout(req);
    if (req.method === "POST" && req.path === "/v2/refunds") return initiateRefund(req);
    const disbursement = /^\/v2\/(payouts|refunds)\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && disbursement) {
      const id = decodeURIComponent(disbursement[2]!);
      const payout = disbursement[1] === "payouts" ? payouts.get(id) : undefined;
      const refund = disbursement[1] === "refunds" ? refunds.get(id) : undefined;
      const data = payout ?? (refund ? publicRefund(refund) : undefined);
      return { status: 200, body: data ? { status: "FOUND", data: reported(data) } : { status: "NOT_FOUND" } };
    }
    const status = /^\/v2\/deposits\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && status) {
      const deposit = deposits.get(decodeURIComponent(status[1]!));
      return { status: 200, body: deposit ? { status: "FOUND", data: reported(deposit) } : { status: "NOT_FOUND" } };
    }
    if (req.method === "GET" && req.path === "/v2/active-conf") return { status: 200, body: tamper.unreadableConf ? { configuration: "moved to /v3" } : activeConf() };
    if (req.method === "GET" && req.path === "/v2/availability") {
      return {
        status: 200,
        // the published example's shape: operationTypes a list of {operationType, status}
        body: activeConf().countries.map((c) => ({
          country: c.country,
          providers: c.providers.map((p) => ({
            provider: p.provider,
            operationTypes: [
              { operationType: "DEPOSIT", status: closed.has(p.provider!) ? "CLOSED" : "OPERATIONAL" },
              { operationType: "PAYOUT", status: "OPERATIONAL" },
            ],
          })),
        })),
      };
    }
    if (req.method === "POST" && req.path === "/v2/predict-provider") {
      const parsed = predictRequest.safeParse(parseJsonBody(req.raw));
      if (!parsed.success) return rejected(400, "INVALID_PARAMETER", "phoneNumber is required");
      const digits = parsed.data.phoneNumber.replace(/\D/g, "");
      const country = (Object.keys(countries) as (keyof typeof countries)[]).find((c) => digits.startsWith(callingCode(c)));
      if (!country) return rejected(400, "INVALID_PHONE_NUMBER", "Unknown country");
      const operators = Object.keys(countries[country].operators);
      // Cameroon: 67x/68x/650–654 are MTN, 69x/655–659 Orange; elsewhere the first provider
      const national = digits.slice(callingCode(country).length);
      const ours = country === "CMR" && (/^69/.test(national) || /^65[5-9]/.test(national)) ? "ORANGE_MONEY_CMR" : operators[0]!;
      return { status: 200, body: { country, provider: pawapayProviderCodes[ours], phoneNumber: digits } };
    }
    return { status: 404, body: { message: "Not Found" } };
  }, options.port);

  return Object.assign(served, {
    deposits,
    payouts,
    refunds,
    sendDisbursementCallback,
    closed,
    keyId,
    callbacks,
    tamper,
    sendCallback,
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  });
}

const CALLING: Record<string, string> = { CMR: "237", CIV: "225", SEN: "221", BEN: "229", BFA: "226", TGO: "228", COG: "242", GAB: "241", COD: "243", KEN: "254", RWA: "250", TZA: "255", ZMB: "260" };
const callingCode = (country: string) => CALLING[country] ?? "000";
