import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { cardPayers, deposits } from "@/lib/db/schema";
import { CARD_OPERATOR, isCardOperator } from "@/lib/core/cards";
import { countries, isCountry } from "@/lib/countries";
import { decimalsOf } from "@/lib/core/money";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { TRACK_ID_PATTERN } from "@/lib/deposits/track-id";
import { publicBaseUrl } from "@/lib/runtime/config";
import { ProviderError, readCallback } from "@/lib/providers/provider-error";
import { callProvider, recordProviderLog } from "@/lib/providers/provider-log";
import type { AvailabilityReport, MoneyOut, OperatorAvailability, Provider, ProviderStatus } from "@/lib/providers/types";
import * as api from "./schemas";
import { xToken } from "./x-token";
import { cinetpayAmount, cinetpayPayoutsConfigured, cinetpaySettings } from "./settings";
import { parseCinetpayTransferNotification, queryCinetpayPayout, sendCinetpayPayout } from "./transfer";

export { CINETPAY_DEFAULT_URL, cinetpayAmount, cinetpayConfigured, cinetpaySettings } from "./settings";
export { TOKEN_FIELDS, xToken } from "./x-token";

type InitRequestCurrency = api.InitRequest["currency"];

// CinetPay (docs.cinetpay.com/api/1.0-en): a redirect flow. Kola initialises a payment, the buyer
// pays on CinetPay's page, CinetPay notifies notify_url with an x-token HMAC, and Kola always asks
// the payment-check call before it settles anything: the notification only says "look now".

/** The operators CinetPay's payment page offers in the countries Kola supports (its "payment universe"). */
export const cinetpayOperators = [
  "ORANGE_MONEY_CIV", "MTN_MOMO_CIV", "MOOV_MONEY_CIV", "WAVE_CIV",
  "ORANGE_MONEY_SEN", "FREE_MONEY_SEN", "WAVE_SEN",
  "MTN_MOMO_CMR", "ORANGE_MONEY_CMR",
  "MOOV_MONEY_BFA", "ORANGE_MONEY_BFA",
  "MOOV_MONEY_TGO", "TMONEY_TGO",
  "MTN_MOMO_BEN", "MOOV_MONEY_BEN",
  "ORANGE_MONEY_COD", "VODACOM_MPESA_COD", "AIRTEL_MONEY_COD",
];

const description = (deposit: DepositRow) => `Paiement ${deposit.trackId}`;

/** CinetPay's codes for a finished payment, as the reasons Kola stores (docs: "Code table"). */
function failureReason(code: string): string {
  if (code === "602") return "insufficient_funds";
  if (code === "627" || code === "604" || code === "606") return "refused_by_payer";
  return "other";
}

/** The payment-check call; its answer's body as received (each caller reads it its own way). */
async function check(deposit: Pick<DepositRow, "id" | "accountId" | "mode" | "trackId"> | null, trackId: string): Promise<unknown> {
  const s = cinetpaySettings();
  const answer = await callProvider({
    provider: "cinetpay",
    operation: "POST /v2/payment/check",
    url: `${s.baseUrl}/v2/payment/check`,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ apikey: s.apiKey, site_id: s.siteId, transaction_id: trackId }),
    deposit,
    describe: ({ body }) => String((body as { data?: { status?: string }; message?: string })?.data?.status ?? (body as { message?: string })?.message ?? "answered").toLowerCase(),
  });
  return answer.body;
}

function statusOf(answer: api.CheckAnswer): ProviderStatus {
  const status = answer.data?.status;
  if (answer.code === "00" && status === "ACCEPTED") return { state: "settled", settlement: { status: "success" } };
  if (status === "REFUSED" || ["600", "602", "604", "606", "627"].includes(answer.code)) {
    return { state: "settled", settlement: { status: "failed", reason: failureReason(answer.code) } };
  }
  if (/NOT_FOUND/i.test(answer.message ?? "")) return { state: "not_found" };
  return { state: "processing" };
}

/**
 * CinetPay publishes no availability endpoint: every operator of its universe is offered; money out
 * goes through its transfer API when its password is set.
 */
async function availability(): Promise<AvailabilityReport> {
  const open = new Map<string, OperatorAvailability>(cinetpayOperators.map((op) => [op, { available: true, min: 100 }]));
  // cards come in through its card channel; money goes out to phones only
  const deposits = new Map([...open, [CARD_OPERATOR, { available: true, min: 100 }]]);
  return { configuration: "ok", deposits, payouts: cinetpayPayoutsConfigured() ? open : new Map(), known: [...cinetpayOperators, CARD_OPERATOR], readAt: null };
}

/**
 * The init's customer fields: a card payment sends the payer's details its card channel asks for
 * (docs: "for the credit card payment option, add this information"); mobile money, the phone to
 * lock on its page.
 */
async function customerFields(deposit: DepositRow): Promise<Partial<api.InitRequest> & Pick<api.InitRequest, "channels">> {
  if (!isCardOperator(deposit.operator)) {
    return {
      channels: "MOBILE_MONEY",
      customer_phone_number: `+${deposit.phoneNumber}`,
      customer_country: isCountry(deposit.country) ? countries[deposit.country].iso2 : undefined,
      lock_phone_number: true,
    };
  }
  const db = await getDb();
  const [payer] = await db.select().from(cardPayers).where(eq(cardPayers.depositId, deposit.id));
  if (!payer) throw ProviderError.refused("card_payer_missing", "a card payment without its payer's details");
  return {
    channels: "CREDIT_CARD",
    customer_id: deposit.trackId,
    customer_name: payer.name,
    customer_surname: payer.surname,
    customer_email: payer.email,
    customer_phone_number: `+${deposit.phoneNumber}`,
    customer_address: payer.address,
    customer_city: payer.city,
    customer_country: payer.country,
    customer_state: payer.state,
    customer_zip_code: payer.zipCode,
  };
}

/**
 * Money out through its transfer API. No sendRefund: CinetPay has no refund API. POST /v1/refunds
 * then refuses at once (503 MONEY_OUT_UNAVAILABLE, saying so) instead of taking the money aside for
 * a refund that must fail.
 */
const cinetpayMoneyOut: MoneyOut = {
  sendPayout: sendCinetpayPayout,
  sendRefund: null,
  queryDisbursement: queryCinetpayPayout,
  parseDisbursementCallback: parseCinetpayTransferNotification,
};

export const cinetpayProvider = {
  name: "cinetpay",

  requestIdOf: (deposit) => deposit.trackId,

  async requestCollection(deposit) {
    const s = cinetpaySettings();
    const amount = cinetpayAmount(deposit.amount, deposit.currency);
    if (amount === null) throw ProviderError.refused("amount_out_of_bounds", "CinetPay takes whole amounts, multiples of 5 in XOF/XAF");
    const body: api.InitRequest = {
      apikey: s.apiKey,
      site_id: s.siteId,
      transaction_id: deposit.trackId,
      amount,
      currency: deposit.currency as InitRequestCurrency,
      description: description(deposit),
      notify_url: `${publicBaseUrl()}/api/providers/cinetpay/callback`,
      return_url: `${publicBaseUrl()}/api/providers/cinetpay/return?track_id=${deposit.trackId}`,
      lang: "fr",
      ...(await customerFields(deposit)),
    };
    const answer = await callProvider({
      provider: "cinetpay",
      operation: "POST /v2/payment",
      url: `${s.baseUrl}/v2/payment`,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      deposit,
      describe: ({ body }) => String((body as { message?: string })?.message ?? "answered").toLowerCase(),
    });
    const parsed = api.initAnswer.safeParse(answer.body);
    if (answer.status === 429 || (parsed.success && parsed.data.code === "429")) throw ProviderError.badAnswer("cinetpay answered 429: outcome unknown");
    if (parsed.success && parsed.data.code === "201" && parsed.data.data) {
      return { reference: parsed.data.data.payment_token, redirectUrl: parsed.data.data.payment_url };
    }
    if (parsed.success || answer.status >= 400) {
      throw ProviderError.refused("provider_error", `cinetpay refused the payment: ${parsed.success ? parsed.data.code : answer.status}`);
    }
    throw ProviderError.badAnswer("cinetpay answered an unreadable initialisation");
  },

  async queryStatus(deposit) {
    const answer = api.checkAnswer.parse(await check(deposit, deposit.trackId));
    const status = statusOf(answer);
    if (status.state === "settled" && !sameMoney(answer, deposit)) {
      await recordProviderLog({ provider: "cinetpay", deposit, kind: "request", operation: "POST /v2/payment/check", outcome: "mismatch", alert: true, response: answer });
      return { state: "processing" };
    }
    return status;
  },

  async parseCallback(req) {
    const s = cinetpaySettings();
    const form = new URLSearchParams(req.raw);
    const given = req.headers.get("x-token") ?? "";
    const expected = xToken(form, s.secretKey);
    if (!/^[0-9a-f]{64}$/i.test(given) || !timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), Buffer.from(expected, "hex"))) {
      throw ProviderError.badSignature(given ? "x-token" : "unsigned");
    }
    const trackId = form.get("cpm_trans_id") ?? "";
    if (form.get("cpm_site_id") !== s.siteId || !TRACK_ID_PATTERN.test(trackId)) throw ProviderError.badSignature("site_or_transaction");
    // the notification only says "look now": the check call is the answer
    const db = await getDb();
    const [deposit] = await db.select().from(deposits).where(and(eq(deposits.trackId, trackId), eq(deposits.provider, "cinetpay")));
    const checked = await check(deposit ?? null, trackId);
    const answer = readCallback(() => api.checkAnswer.parse(checked));
    const status = statusOf(answer);
    const amount = answer.data ? Number(answer.data.amount) : NaN;
    const currency = answer.data?.currency ?? form.get("cpm_currency") ?? "";
    const scale = 10 ** decimalsOf(currency);
    return {
      eventId: `${trackId}:${answer.data?.status ?? answer.code}`,
      requestId: trackId,
      outcome: status.state === "settled" ? status.settlement : null,
      amountMinor: Number.isInteger(amount) ? amount * scale : null,
      currency,
      reference: trackId,
      body: { notification: Object.fromEntries(form), check: answer },
    };
  },

  capabilities: { push: false, availability, predictOperator: null, moneyOut: cinetpayMoneyOut, cards: true },
} satisfies Provider;

function sameMoney(answer: api.CheckAnswer, deposit: DepositRow): boolean {
  if (!answer.data) return false;
  return answer.data.currency === deposit.currency && cinetpayAmount(deposit.amount, deposit.currency) === Number(answer.data.amount);
}
