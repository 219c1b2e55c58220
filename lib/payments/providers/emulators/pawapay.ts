import { generateKeyPairSync, randomUUID } from "node:crypto";
import { countries, currencies, type Currency } from "@/lib/countries";
import { operatorOfPawapayCode, pawapayProviderCodes } from "../pawapay/codes";
import { signMessage } from "../pawapay/http-signature";
import { depositRequest, predictRequest, type Deposit } from "../pawapay/schemas";
import { parseJsonBody, serve, type Answer, type Incoming, type Served } from "./serve";

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

export type PawapayEmulatorOptions = {
  port?: number;
  /** where callbacks go, e.g. http://127.0.0.1:3000/api/providers/pawapay/callback */
  callbackUrl?: string;
  /** the API token it expects; any bearer token when unset */
  token?: string;
  callbackDelayMs?: number;
  slowMs?: number;
};

export type PawapayEmulator = Served & {
  deposits: Map<string, Deposit>;
  /** providers whose deposits are CLOSED in /v2/availability */
  closed: Set<string>;
  keyId: string;
  /** the callbacks sent, with our reply's status */
  callbacks: { body: string; status: number | null }[];
  /** changes the amount or currency pawaPay reports in callbacks and status checks (tests) */
  tamper: { amount?: string; currency?: string; signatureOf?: "other-key" | "none"; alterBodyAfterSigning?: boolean; mute?: boolean };
  sendCallback(depositId: string): Promise<number | null>;
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

const rejected = (status: number, failureCode: string, failureMessage: string, depositId?: string): Answer => ({
  status,
  body: { ...(depositId ? { depositId } : {}), status: "REJECTED", failureReason: { failureCode, failureMessage } },
});

function countryOfProvider(code: string): keyof typeof countries | undefined {
  const ours = operatorOfPawapayCode[code];
  return (Object.keys(countries) as (keyof typeof countries)[]).find((c) => ours && Object.hasOwn(countries[c].operators, ours));
}

function activeConf() {
  return {
    companyName: "Kola emulator",
    countries: (Object.keys(countries) as (keyof typeof countries)[]).map((country) => {
      const currency = countries[country].currency as Currency;
      const twoPlaces = currencies[currency].decimals === 2;
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
              operationTypes: {
                DEPOSIT: {
                  minAmount: currency === "XAF" || currency === "XOF" ? "100" : "1",
                  maxAmount: "2000000",
                  decimalsInAmount: twoPlaces ? "TWO_PLACES" : "NONE",
                  authType: "PROVIDER_AUTH",
                },
              },
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
  const closed = new Set<string>();
  const callbacks: PawapayEmulator["callbacks"] = [];
  const inFlight = new Set<Promise<unknown>>();
  const tamper: PawapayEmulator["tamper"] = {};
  const slowMs = options.slowMs ?? 800;

  const reported = (d: Deposit): Deposit => ({ ...d, amount: tamper.amount ?? d.amount, currency: tamper.currency ?? d.currency });

  async function sendCallback(depositId: string): Promise<number | null> {
    const deposit = deposits.get(depositId);
    if (!deposit || !options.callbackUrl || tamper.mute) return null;
    let body = JSON.stringify(reported(deposit));
    const url = new URL(options.callbackUrl);
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

  function later(depositId: string) {
    if (tamper.mute) return; // a lost callback stays lost
    const task = new Promise((r) => setTimeout(r, options.callbackDelayMs ?? 50)).then(() => sendCallback(depositId));
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
    const provider = body.payer.accountDetails.provider;
    const country = countryOfProvider(provider);
    if (!country) return rejected(200, "INVALID_PROVIDER", "Unknown provider", body.depositId);
    if (countries[country].currency !== body.currency) return rejected(200, "INVALID_CURRENCY", "The provider does not take this currency", body.depositId);
    if (closed.has(provider)) return rejected(200, "PROVIDER_TEMPORARILY_UNAVAILABLE", "The provider is not available", body.depositId);
    const twoPlaces = currencies[body.currency as Currency].decimals === 2;
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

  const served = await serve(async (req) => {
    if (req.method === "GET" && req.path === "/v2/public-key/http") {
      return { status: 200, body: [{ id: keyId, key: publicKey.export({ type: "spki", format: "pem" }).toString() }] };
    }
    const denied = authorised(req);
    if (denied) return denied;
    if (req.method === "POST" && req.path === "/v2/deposits") return initiate(req);
    const status = /^\/v2\/deposits\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && status) {
      const deposit = deposits.get(decodeURIComponent(status[1]!));
      return { status: 200, body: deposit ? { status: "FOUND", data: reported(deposit) } : { status: "NOT_FOUND" } };
    }
    if (req.method === "GET" && req.path === "/v2/active-conf") return { status: 200, body: activeConf() };
    if (req.method === "GET" && req.path === "/v2/availability") {
      return {
        status: 200,
        body: activeConf().countries.map((c) => ({
          country: c.country,
          providers: c.providers.map((p) => ({ provider: p.provider, operationTypes: { DEPOSIT: closed.has(p.provider!) ? "CLOSED" : "OPERATIONAL", PAYOUT: "OPERATIONAL" } })),
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
