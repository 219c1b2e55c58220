import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { countries, isCountry } from "@/lib/countries";
import { publicBaseUrl, setting } from "@/lib/runtime/config";
import { callProvider, recordProviderLog, type LogSubject } from "@/lib/providers/provider-log";
import { ProviderError } from "@/lib/providers/provider-error";
import type { Disbursement, DisbursementStatus, DisbursementUpdate } from "@/lib/providers/types";
import * as api from "./schemas";
import { cinetpayAmount, cinetpayPayoutsConfigured, cinetpaySettings } from "./settings";
import { isUuid } from "@/lib/core/uuid";

// CinetPay money out (docs.cinetpay.com/api/1.0-en/transfert): its transfer API pays a phone from
// the merchant's transfer balance. Log in (apikey + API password; a token lives 5 minutes), add the
// phone as a contact, send; CinetPay notifies notify_url at each step with form fields and no
// signature ("always ask for the real values"), so the notification is only "look now": the check
// call (GET /v1/transfer/check/money) is the answer.
//
// CinetPay does not document that client_transaction_id is refused twice, so before any send Kola
// asks the check call for that id: a payout CinetPay already has is never sent again.
//
// Refunds: CinetPay's payment API has no refund call (initialisation, notification and check
// only); it has no sendRefund, so refunds of its payments are refused. A buyer can still be paid back by a payout.

export const CINETPAY_TRANSFER_DEFAULT_URL = "https://client.cinetpay.com";

export function cinetpayTransferSettings() {
  return {
    baseUrl: (setting("CINETPAY_TRANSFER_URL") || CINETPAY_TRANSFER_DEFAULT_URL).replace(/\/+$/, ""),
    apiKey: cinetpaySettings().apiKey,
    password: setting("CINETPAY_TRANSFER_PASSWORD"),
    /** the contact card CinetPay requires for a payee (its name, surname, email) */
    contactEmail: setting("CINETPAY_CONTACT_EMAIL"),
  };
}

export { cinetpayPayoutsConfigured };

const store = globalThis as unknown as { __kolaCinetpayTransferToken?: { at: number; token: string } };
const TOKEN_TTL_MS = 4 * 60_000; // CinetPay's token lives 5 minutes

export function clearCinetpayTransferToken(): void {
  store.__kolaCinetpayTransferToken = undefined;
}

const subject = (d: Disbursement): LogSubject => d.deposit ?? { id: null, accountId: d.accountId ?? null, mode: d.mode };
const describe = ({ body }: { body: unknown }) => {
  const b = body as { message?: unknown; code?: unknown };
  return String(b?.message ?? b?.code ?? "answered").toLowerCase();
};

/** A transfer token, reused for 4 minutes. A refusal of our credentials is a definite "no". */
async function token(d: Disbursement): Promise<string> {
  const held = store.__kolaCinetpayTransferToken;
  if (held && Date.now() - held.at < TOKEN_TTL_MS) return held.token;
  const s = cinetpayTransferSettings();
  const answer = await callProvider({
    provider: "cinetpay",
    operation: "POST /v1/auth/login",
    url: `${s.baseUrl}/v1/auth/login?lang=fr`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ apikey: s.apiKey, password: s.password }).toString(),
    logged: { apikey: "[hidden]", password: "[hidden]" },
    deposit: subject(d),
    describe,
  });
  const parsed = api.loginAnswer.safeParse(answer.body);
  const data = parsed.success && parsed.data.data && !Array.isArray(parsed.data.data) ? parsed.data.data : undefined;
  if (parsed.success && parsed.data.code === "0" && data) {
    store.__kolaCinetpayTransferToken = { at: Date.now(), token: data.token };
    return data.token;
  }
  if (answer.status === 429) throw ProviderError.badAnswer("cinetpay answered 429 to the login: outcome unknown");
  throw ProviderError.refused("provider_error", `cinetpay refused the transfer login: ${parsed.success ? parsed.data.code : answer.status}`);
}

/** Splits our stored phone (digits with the country code) into CinetPay's prefix and number. */
export function prefixAndPhone(country: string, phoneNumber: string): { prefix: string; phone: string } | null {
  const alpha3 = isCountry(country) ? country : (Object.keys(countries) as (keyof typeof countries)[]).find((c) => countries[c].iso2 === country);
  if (!alpha3) return null;
  const prefix = getCountryCallingCode(countries[alpha3].iso2 as CountryCode);
  if (!phoneNumber.startsWith(prefix)) return null;
  return { prefix, phone: phoneNumber.slice(prefix.length) };
}

/** The check call for one of our payouts; null when CinetPay has none with this id. */
async function checkTransfer(d: Disbursement, tokenValue: string): Promise<api.Transfer | null> {
  const s = cinetpayTransferSettings();
  const query = new URLSearchParams({ token: tokenValue, lang: "fr", client_transaction_id: d.id });
  const answer = await callProvider({
    provider: "cinetpay",
    operation: "GET /v1/transfer/check/money",
    url: `${s.baseUrl}/v1/transfer/check/money?${query}`,
    headers: { accept: "application/json" },
    logged: { client_transaction_id: d.id },
    deposit: subject(d),
    describe: ({ body }) => {
      const b = body as { data?: { treatment_status?: string }[]; message?: string };
      return String(b?.data?.[0]?.treatment_status ?? b?.message ?? "answered").toLowerCase();
    },
  });
  if (answer.status !== 200) throw ProviderError.badAnswer(`cinetpay transfer check answered ${answer.status}`);
  const parsed = api.checkTransferAnswer.parse(answer.body);
  if (parsed.code === "705" || parsed.code === "706") {
    clearCinetpayTransferToken();
    throw ProviderError.badAnswer(`cinetpay transfer check: token refused (${parsed.code})`);
  }
  if (parsed.code !== "0") {
    if (/NOT[_ ]?FOUND/i.test(`${parsed.message ?? ""} ${parsed.description ?? ""}`)) return null;
    throw ProviderError.badAnswer(`cinetpay transfer check answered code ${parsed.code}`);
  }
  return parsed.data?.find((t) => t.client_transaction_id === d.id) ?? parsed.data?.[0] ?? null;
}

function statusOf(t: api.Transfer): DisbursementStatus {
  const providerReference = t.operator_transaction_id ?? t.transaction_id ?? undefined;
  const ref = providerReference ? { providerReference } : {};
  if (t.treatment_status === "VAL") return { state: "settled", outcome: "success", ...ref };
  if (t.treatment_status === "REJ") return { state: "settled", outcome: "failed", reason: /INSUFFICIENT/i.test(t.comment ?? "") ? "insufficient_funds" : "other", ...ref };
  return { state: "processing" };
}

/** CinetPay's codes on a send it refused (its "Annexes: Code API"), as Kola's reasons. */
function refusalReason(code: string): string {
  if (code === "602") return "insufficient_funds";
  if (code === "717") return "recipient_not_found";
  if (code === "719") return "amount_out_of_bounds";
  return "provider_error";
}

function notifyUrl(): string {
  return `${publicBaseUrl()}/api/providers/cinetpay/disbursements/callback`;
}

export async function sendCinetpayPayout(d: Disbursement): Promise<{ reference: string }> {
  if (!cinetpayPayoutsConfigured()) throw ProviderError.refused("payouts_unavailable", "CinetPay payouts need CINETPAY_TRANSFER_PASSWORD");
  const amount = cinetpayAmount(d.amount, d.currency);
  if (amount === null) throw ProviderError.refused("amount_out_of_bounds", "CinetPay pays out whole amounts, multiples of 5");
  const split = prefixAndPhone(d.country, d.phoneNumber);
  if (!split) throw ProviderError.refused("recipient_not_found", "the phone number does not belong to the payout's country");
  const s = cinetpayTransferSettings();
  const tokenValue = await token(d);

  // a payout CinetPay already has (an earlier try whose answer was lost) is never sent twice
  const existing = await checkTransfer(d, tokenValue);
  if (existing) return { reference: existing.transaction_id ?? d.id };

  const contacts: api.ContactRequest = [{ ...split, name: "Kola", surname: "Beneficiaire", email: s.contactEmail }];
  const added = await callProvider({
    provider: "cinetpay",
    operation: "POST /v1/transfer/contact",
    url: `${s.baseUrl}/v1/transfer/contact?${new URLSearchParams({ token: tokenValue, lang: "fr" })}`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ data: JSON.stringify(contacts) }).toString(),
    logged: { data: contacts },
    deposit: subject(d),
    describe,
  });
  const contactAnswer = api.sendAnswer.safeParse(added.body);
  if (!contactAnswer.success || contactAnswer.data.code !== "0") {
    if (added.status === 429) throw ProviderError.badAnswer("cinetpay answered 429 to the contact: outcome unknown");
    throw ProviderError.refused("provider_error", `cinetpay refused the contact: ${contactAnswer.success ? contactAnswer.data.code : added.status}`);
  }

  const transfers: api.TransferRequest = [{ ...split, amount, notify_url: notifyUrl(), client_transaction_id: d.id }];
  const sent = await callProvider({
    provider: "cinetpay",
    operation: "POST /v1/transfer/money/send/contact",
    url: `${s.baseUrl}/v1/transfer/money/send/contact?${new URLSearchParams({ token: tokenValue, lang: "fr" })}`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ data: JSON.stringify(transfers) }).toString(),
    logged: { data: transfers },
    deposit: subject(d),
    describe,
  });
  if (sent.status === 429) throw ProviderError.badAnswer("cinetpay answered 429 to the transfer: outcome unknown");
  const parsed = api.sendAnswer.safeParse(sent.body);
  if (!parsed.success) {
    if (sent.status >= 400) throw ProviderError.refused("provider_error", `cinetpay refused the transfer: ${sent.status}`);
    throw ProviderError.badAnswer("cinetpay answered an unreadable transfer");
  }
  if (parsed.data.code === "705" || parsed.data.code === "706") {
    clearCinetpayTransferToken(); // nothing was sent: the next try logs in again
    throw ProviderError.badAnswer(`cinetpay refused the token (${parsed.data.code}): outcome unknown, retry`);
  }
  if (parsed.data.code !== "0") throw ProviderError.refused(refusalReason(parsed.data.code), `cinetpay refused the transfer: ${parsed.data.code}`);
  const taken = [parsed.data.data].flat(2) as { transaction_id?: unknown; client_transaction_id?: unknown }[];
  const mine = taken.find((t) => t?.client_transaction_id === d.id) ?? taken[0];
  return { reference: typeof mine?.transaction_id === "string" ? mine.transaction_id : d.id };
}

export async function queryCinetpayPayout(d: Disbursement): Promise<DisbursementStatus> {
  if (d.kind === "refund") return { state: "not_found" }; // never sent: CinetPay has no refunds
  const found = await checkTransfer(d, await token(d));
  if (!found) return { state: "not_found" };
  const ours = found.amount === undefined || found.amount === null || Number(found.amount) === cinetpayAmount(d.amount, d.currency);
  if (!ours) {
    await recordProviderLog({ provider: "cinetpay", deposit: subject(d), kind: "request", operation: "GET /v1/transfer/check/money", outcome: "mismatch", alert: true, response: found });
    return { state: "processing" }; // money is never guessed
  }
  return statusOf(found);
}


/**
 * A transfer notification (form fields, unsigned): only its client_transaction_id is read, then the
 * check call says what happened. One that names no id of ours is refused; a step that is not final
 * (NEW, REC, NOS) is answered 422 and settles nothing.
 */
export async function parseCinetpayTransferNotification(_req: Request, raw: string): Promise<DisbursementUpdate> {
  const form = new URLSearchParams(raw);
  const id = form.get("client_transaction_id") ?? "";
  if (!isUuid(id)) throw ProviderError.badCallback("no client_transaction_id of ours");
  const probe: Disbursement = { id, kind: "payout", mode: "live", amount: 0, currency: "", country: "", operator: "", phoneNumber: "" };
  let found: api.Transfer | null;
  try {
    found = await checkTransfer(probe, await token(probe));
  } catch (error) {
    // CinetPay notifies again; the reconciler asks too
    throw ProviderError.unreachable(`cinetpay transfer check: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!found) throw ProviderError.badSignature("no such transfer", "CinetPay has no such transfer");
  const status = statusOf(found);
  if (status.state !== "settled") {
    const said = `cinetpay reported ${found.treatment_status}: not a final status`;
    throw ProviderError.badCallback(said, said);
  }
  return {
    kind: "payout",
    id,
    status,
    // no amount: CinetPay's check names no currency (the reconciler's query compares amounts)
    eventId: `payout:${id}:${found.treatment_status}`,
    body: { notification: Object.fromEntries(form), check: found },
  };
}
