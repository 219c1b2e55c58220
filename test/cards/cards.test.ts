import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as submitJson from "@/app/api/checkout/pay/[id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as waitPage from "@/app/pay/[id]/[track_id]/route";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import * as accountRoute from "@/app/v1/account/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { cardTotal } from "@/lib/core/cards";
import { getDb } from "@/lib/db/client";
import { cardPayers, deposits, providerBreakers, providerLogs } from "@/lib/db/schema";
import { exportPayments } from "@/lib/exports/export-payments";
import { getPaymentOrThrow } from "@/lib/deposits/get-payment";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, depositState, FAST_RETRIES, liveLink } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { sessionHeaders } from "@/test/support/accounts";
import { call, newAccount } from "@/test/support/api";
import { createLink, hit } from "@/test/support/checkout";

// Card payments (« Carte bancaire »): the account's setting and fee rule, the checkout's offer, a
// card payment through the CinetPay contract emulator (channels=CREDIT_CARD with the payer's
// details, its 3-D Secure step, the notification and the check saying VISA), every problem of a
// card payer at once (422), the refusal of a card refund, the export.

let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-card-key", siteId: "105901", secretKey: "cp-card-secret" };
const SLOW = { timeout: 90_000 };

beforeAll(async () => {
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startCinetpayEmulator(credentials);
  Object.assign(process.env, { LIVE_PROVIDERS: "cinetpay", ...cinetpayEnv(emulator.url, credentials), PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await (await getDb()).delete(providerBreakers);
});

type Merchant = { accountId: string; key: string; live: Auth };

/** A merchant of Côte d'Ivoire (XOF), its cards set as `cards` says (null: left off). */
async function merchant(cards: Record<string, unknown> | null = { cards_enabled: true }): Promise<Merchant> {
  const { accountId, key } = await newAccount("CIV");
  if (cards) {
    const res = await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: cards });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { accountId, key, live: { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" } };
}

const payer = {
  card_name: "Awa",
  card_surname: "Koné",
  card_email: "Awa.Kone@example.com",
  card_address: "12 rue des Jardins",
  card_city: "Abidjan",
  card_country: "CI",
  card_state: "Lagunes",
  card_zip_code: "00225",
};

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "providers");
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
/** The problems of `body` against a schema kept from CinetPay's pages (test/fixtures/providers/SOURCES.md). */
const validAgainst = (schema: string, body: unknown) => {
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(FIXTURES, schema), "utf8")) as object);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

const token = () => randomUUID().replaceAll("-", "");

async function submit(linkId: string, fields: Record<string, string>) {
  const res = await hit(submitJson.POST, { id: linkId }, `/api/checkout/pay/${linkId}?lang=fr`, { form: { country: "CIV", client_token: token(), ...fields } });
  return { status: res.status, body: res.json() as Record<string, unknown> };
}

const tokenOf = (url: string) => url.split("/payment/")[1]!;

describe("the account's card setting", () => {
  it("is off by default; PATCH /v1/account turns it on with a fee rule; every bad value is a 422 at once", SLOW, async () => {
    const { key } = await newAccount("CIV");
    const before = await call(accountRoute.GET, "GET", "/v1/account", { key });
    expect((before.body as { cards: unknown }).cards).toEqual({ enabled: false, fee_rule: "merchant", surcharge_percent: "0" });
    const changed = await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: { cards_enabled: "true", card_fee_rule: "buyer", card_surcharge_percent: "3.5" } });
    expect([changed.status, (changed.body as { cards: unknown }).cards]).toEqual([200, { enabled: true, fee_rule: "buyer", surcharge_percent: "3.5" }]);
    const bad = await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: { cards_enabled: "maybe", card_fee_rule: "seller", card_surcharge_percent: "12" } });
    expect([bad.status, bad.body]).toEqual([
      422,
      {
        detail: [
          { loc: ["body", "cards_enabled"], msg: "Input should be a valid boolean, unable to interpret input", type: "bool_parsing" },
          { loc: ["body", "card_fee_rule"], msg: "Input should be 'merchant' or 'buyer'", type: "enum", ctx: { expected: "'merchant' or 'buyer'" } },
          {
            loc: ["body", "card_surcharge_percent"],
            msg: "String should match pattern '^(10(\\.0{1,2})?|\\d(\\.\\d{1,2})?)$'",
            type: "string_pattern_mismatch",
            ctx: { pattern: "^(10(\\.0{1,2})?|\\d(\\.\\d{1,2})?)$" },
          },
        ],
      },
    ]);
    const after = await call(accountRoute.GET, "GET", "/v1/account", { key });
    expect((after.body as { cards: unknown }).cards).toEqual({ enabled: true, fee_rule: "buyer", surcharge_percent: "3.5" });
  });

  it.each([
    ["merchant absorbs", 5000, "XOF", "merchant", 350, 5000],
    ["buyer pays 3.5 %", 5000, "XOF", "buyer", 350, 5175],
    ["rounded up to a multiple of 5 in XOF", 5000, "XOF", "buyer", 333, 5170],
    ["no rounding to 5 for a price that is not one", 5001, "XOF", "buyer", 100, 5052],
    ["0 % is no surcharge", 5000, "XAF", "buyer", 0, 5000],
  ] as const)("card total: %s", (_name, price, currency, rule, bps, total) => {
    expect(cardTotal(price, currency, rule, bps)).toBe(total);
  });
});

describe("the checkout offers « Carte bancaire »", () => {
  it("only where the merchant enabled it, with the fee rule shown before paying", SLOW, async () => {
    const off = await merchant(null);
    const offLink = await liveLink(off.live, { amount: 5000 });
    const offPage = await hit(linkPage.GET, { id: offLink.id }, `/pay/${offLink.id}?lang=fr`);
    expect(offPage.status).toBe(200);
    expect(offPage.text).not.toContain('value="CARD"');
    expect(offPage.text).not.toContain('id="card"');

    const on = await merchant({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const link = await liveLink(on.live, { amount: 5000 });
    const page = await hit(linkPage.GET, { id: link.id }, `/pay/${link.id}?lang=fr`);
    expect(page.text).toContain('<option value="CARD" data-c="*">Carte bancaire</option>');
    expect(page.text).toContain("Par carte\u00a0: 5\u202f175\u00a0F\u202fCFA, dont 175\u00a0F\u202fCFA de frais de carte (3,5\u00a0%) à votre charge.");

    const absorbs = await merchant({ cards_enabled: true });
    const absorbed = await liveLink(absorbs.live, { amount: 5000 });
    const en = await hit(linkPage.GET, { id: absorbed.id }, `/pay/${absorbed.id}?lang=en`);
    expect(en.text).toContain("By card: F\u202fCFA\u00a05,000, no extra fee.");
  });
});

describe("a card payment through the CinetPay emulator", () => {
  it("initialises CinetPay's card channel with the payer's details, passes 3-D Secure, settles from the check (VISA)", SLOW, async () => {
    const m = await merchant({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const link = await liveLink(m.live, { amount: 5000 });
    const res = await submit(link.id, { operator: "CARD", phone: "+33 6 12 34 56 78", ...payer });
    const trackId = res.body.track_id as string;
    const payment = emulator.payments.get(trackId)!;
    expect(res).toEqual({ status: 200, body: { track_id: trackId, status: "pending", next: `${emulator.url}/payment/${payment.token}` } });
    const sent = JSON.parse(emulator.received.find((r) => r.path === "/v2/payment" && r.raw.includes(trackId))!.raw);
    expect(sent).toEqual({
      apikey: credentials.apiKey,
      site_id: credentials.siteId,
      transaction_id: trackId,
      amount: 5175,
      currency: "XOF",
      description: `Paiement ${trackId}`,
      notify_url: `${receiver.url}/api/providers/cinetpay/callback`,
      return_url: `${receiver.url}/api/providers/cinetpay/return?track_id=${trackId}`,
      lang: "fr",
      channels: "CREDIT_CARD",
      customer_id: trackId,
      customer_name: "Awa",
      customer_surname: "Koné",
      customer_email: "awa.kone@example.com",
      customer_phone_number: "+33612345678",
      customer_address: "12 rue des Jardins",
      customer_city: "Abidjan",
      customer_country: "CI",
      customer_state: "Lagunes",
      customer_zip_code: "00225",
    });
    expect(validAgainst("cinetpay/init-request.schema.json", sent)).toEqual([]);
    expect(validAgainst("cinetpay/init-request-card.schema.json", sent)).toEqual([]);

    // the hosted page: card number, then the bank's 3-D Secure page, then back to Kola
    const hosted = await fetch(`${emulator.url}/payment/${payment.token}`);
    expect(await hosted.text()).toContain('id="card-number"');
    const threeDs = await fetch(`${emulator.url}/payment/${payment.token}/card`, { method: "POST", body: new URLSearchParams({ number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }) });
    expect(await threeDs.text()).toContain("Authentification 3-D Secure");
    const back = await fetch(`${emulator.url}/payment/${payment.token}/3ds`, { method: "POST", body: new URLSearchParams({ number: "4111 1111 1111 1111", code: "123456" }), redirect: "manual" });
    expect([back.status, back.headers.get("location")]).toEqual([303, `${receiver.url}/api/providers/cinetpay/return?track_id=${trackId}`]);

    const db = await getDb();
    const [deposit] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
    expect([deposit!.operator, deposit!.amount, deposit!.phoneNumber, deposit!.country, deposit!.provider]).toEqual(["CARD", 5175, "33612345678", "CIV", "cinetpay"]);
    const { logs, ...state } = await depositState(deposit!.id);
    expect(state).toEqual({ status: "success", reason: null, events: ["payment.succeeded"] });
    expect(logs.map((l) => `${l.kind} ${l.operation} ${l.outcome}`)).toEqual([
      "request POST /v2/payment created",
      "request POST /v2/payment/check accepted",
      "callback POST /api/providers/cinetpay/callback settled:success",
    ]);
    const [checkLog] = await db.select({ response: providerLogs.response }).from(providerLogs).where(eq(providerLogs.depositId, deposit!.id)).orderBy(asc(providerLogs.createdAt)).offset(1);
    expect((checkLog!.response as { data: { payment_method: string } }).data.payment_method).toBe("VISA");
    expect(emulator.notifications.at(-1)!.body).toContain("payment_method=VISA");
    const [kept] = await db.select().from(cardPayers).where(eq(cardPayers.depositId, deposit!.id));
    expect(kept).toMatchObject({ name: "Awa", surname: "Koné", email: "awa.kone@example.com", country: "CI", zipCode: "00225", price: 5000, surcharge: 175 });

    // a card's money does not go back through Kola: refused before anything moves, with the reason
    const headers = { ...(await sessionHeaders(m.accountId, undefined, "live")), origin: receiver.url }; // PUBLIC_BASE_URL: the callbacks' receiver
    const refund = await call(refundsRoute.POST, "POST", "/v1/refunds", { headers, json: { track_id: trackId } });
    expect([refund.status, refund.body]).toEqual([
      409,
      {
        detail: {
          message: "A card payment cannot be refunded through Kola: CinetPay publishes no refund API for card payments; refund it from CinetPay's merchant back-office",
          type: "CARD_REFUND_UNAVAILABLE",
        },
      },
    ]);

    // and the API says so: nothing left to refund through Kola
    expect((await getPaymentOrThrow(m.live, trackId)).refundable_amount).toBe(0);

    // exported like the others
    const today = new Date().toISOString().slice(0, 10);
    const csv = await new Response(exportPayments(m.live, { from: today, to: today } as Parameters<typeof exportPayments>[1])).text();
    const row = csv.split("\r\n").find((line) => line.includes(trackId))!;
    expect(row).toContain("5175");
    expect(row).toContain("CARD");
  });

  it("fails as refused_by_payer when the 3-D Secure code is wrong", SLOW, async () => {
    const m = await merchant();
    const link = await liveLink(m.live, { amount: 5000 });
    const res = await submit(link.id, { operator: "CARD", phone: "+2250700000000", ...payer });
    const trackId = res.body.track_id as string;
    expect(await emulator.pay(tokenOf(res.body.next as string), { number: "5500 0000 0000 0004", code: "000000" })).toBe(200);
    const [deposit] = await (await getDb()).select().from(deposits).where(eq(deposits.trackId, trackId));
    const { logs, ...state } = await depositState(deposit!.id);
    expect(state).toEqual({ status: "failed", reason: "refused_by_payer", events: ["payment.failed"] });
    expect(logs.at(-1)!.outcome).toBe("settled:failed");
    expect(emulator.notifications.at(-1)!.body).toContain("payment_method=MASTERCARD");
  });

  it("the emulator refuses a card initialisation without the payer's details (608), as the adapter never sends one", async () => {
    const body = { apikey: credentials.apiKey, site_id: credentials.siteId, transaction_id: "TRKCARD1", amount: 5000, currency: "XOF", description: "x", notify_url: "https://a.example/n", return_url: "https://a.example/r", channels: "CREDIT_CARD", customer_name: "Awa" };
    const res = await fetch(`${emulator.url}/v2/payment`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = await res.json();
    expect([res.status, answer.code, answer.description]).toEqual([
      400,
      "608",
      "customer_surname: required for a card payment; customer_email: required for a card payment; customer_phone_number: required for a card payment; customer_address: required for a card payment; customer_city: required for a card payment; customer_country: required for a card payment; customer_state: required for a card payment; customer_zip_code: required for a card payment",
    ]);
  });
});

describe("in test mode, the sandbox takes cards as CinetPay does live", () => {
  afterEach(() => setSandboxTransport(undefined));

  it.each([
    ["+33 6 12 34 56 78", "success", null],
    ["+33 6 12 34 56 01", "failed", "insufficient_funds"],
  ])("a card payment from %s ends %s through the sandbox's signed callback; the waiting page says a card", SLOW, async (phone, status, reason) => {
    // the sandbox's callback is held until the waiting page has been seen, then delivered
    const held: (() => Promise<Response>)[] = [];
    setSandboxTransport(async (path, raw, signature) => {
      const req = new Request(`http://kola.test${path}`, { method: "POST", headers: { "x-kola-signature": signature }, body: raw });
      held.push(() => callbackRoute.POST(req, { params: Promise.resolve({ provider: "sandbox" }) }));
    }, () => 0);
    const { key } = await newAccount("CIV");
    await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: { cards_enabled: true } });
    const link = await createLink(key, { amount: 5000 });
    const page = await hit(linkPage.GET, { id: link.id }, `/pay/${link.id}?lang=fr`);
    expect(page.text).toContain('<option value="CARD" data-c="*">Carte bancaire</option>');
    const res = await submit(link.id, { operator: "CARD", phone, ...payer });
    const trackId = res.body.track_id as string;
    expect(res).toEqual({ status: 200, body: { track_id: trackId, status: "pending", next: `/pay/${link.id}/${trackId}?lang=fr` } });
    const waiting = await hit(waitPage.GET, { id: link.id, track_id: trackId }, `/pay/${link.id}/${trackId}?lang=fr`);
    expect(waiting.text).toContain("Paiement par carte en cours");
    expect(waiting.text).not.toContain("Utiliser un autre numéro");
    await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(1);
    expect((await held[0]!()).status).toBe(200);
    const [row] = await (await getDb()).select().from(deposits).where(eq(deposits.trackId, trackId));
    expect([row!.provider, row!.operator, row!.status, row!.failureReason]).toEqual(["sandbox", "CARD", status, reason]);
    if (status === "failed") {
      const failed = await hit(waitPage.GET, { id: link.id, track_id: trackId }, `/pay/${link.id}/${trackId}?lang=fr`);
      expect(failed.text).toContain("Votre banque a refusé le paiement par carte (fonds, vérification 3-D Secure ou carte bloquée). Aucun montant n’a été débité.");
    }
  });
});

describe("a card payer's details", () => {
  it("are all checked at once: 422 with every problem, in FastAPI's items and in the buyer's words", SLOW, async () => {
    const m = await merchant();
    const link = await liveLink(m.live, { amount: 5000 });
    const res = await submit(link.id, { operator: "CARD", phone: "12", card_name: "", card_surname: "Koné", card_email: "awa@", card_address: "", card_city: "x".repeat(101), card_country: "ZZ", card_state: "", card_zip_code: "#1" });
    expect(res).toEqual({
      status: 422,
      body: {
        detail: [
          { loc: ["body", "card_name"], msg: "Field required", type: "missing" },
          { loc: ["body", "card_email"], msg: "Value error, not an email address", type: "value_error", ctx: { error: "not an email address" } },
          { loc: ["body", "card_address"], msg: "Field required", type: "missing" },
          { loc: ["body", "card_city"], msg: "String should have at most 100 characters", type: "string_too_long", ctx: { max_length: 100 } },
          { loc: ["body", "card_country"], msg: "Value error, not an ISO 3166-1 alpha-2 country code", type: "value_error", ctx: { error: "not an ISO 3166-1 alpha-2 country code" } },
          { loc: ["body", "card_state"], msg: "Field required", type: "missing" },
          { loc: ["body", "card_zip_code"], msg: "Value error, letters, digits, spaces and dashes, at most 15", type: "value_error", ctx: { error: "letters, digits, spaces and dashes, at most 15" } },
          { loc: ["body", "phone"], msg: "Value error, not a valid phone number for this country", type: "value_error", ctx: { error: "not a valid phone number for this country" } },
        ],
        message: "Certaines informations sont à corriger.",
        errors: {
          card_name: "Ce champ est obligatoire pour un paiement par carte.",
          card_email: "Cette adresse e-mail ne semble pas valide (exemple\u00a0: nom@exemple.com).",
          card_address: "Ce champ est obligatoire pour un paiement par carte.",
          card_city: "Ce texte est trop long.",
          card_country: "Choisissez le pays de votre adresse de facturation.",
          card_state: "Ce champ est obligatoire pour un paiement par carte.",
          card_zip_code: "Lettres, chiffres, espaces et tirets seulement (15 au plus).",
          phone: "Ce numéro ne semble pas valide. Saisissez-le au format international (+33 6 12 34 56 78).",
        },
      },
    });
    expect(await (await getDb()).select().from(deposits).where(eq(deposits.paymentGatewayId, link.id))).toEqual([]);
  });

  it("are refused, with the operator, where the merchant did not enable cards", SLOW, async () => {
    const m = await merchant(null);
    const link = await liveLink(m.live, { amount: 5000 });
    const res = await submit(link.id, { operator: "CARD", phone: "+2250700000000", ...payer });
    expect(res).toEqual({
      status: 422,
      body: {
        detail: [{ loc: ["body", "operator"], msg: "Value error, card payments are not offered here", type: "value_error", ctx: { error: "card payments are not offered here" } }],
        message: "Certaines informations sont à corriger.",
        errors: { operator: "Le paiement par carte n’est pas proposé ici. Choisissez un opérateur mobile money." },
      },
    });
  });

  it("hold one attempt in flight per link: 100 card submits at once make one deposit and one payer", SLOW, async () => {
    const m = await merchant();
    const link = await liveLink(m.live, { amount: 5000 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => submit(link.id, { operator: "CARD", phone: `+22507000001${String(i % 90 + 10)}`, ...payer })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    // the others: another attempt holds the link (409), or the link's attempt limit (429)
    expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 429)).toEqual([]);
    const db = await getDb();
    const rows = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, link.id));
    expect(rows.map((r) => [r.operator, r.status])).toEqual([["CARD", "pending"]]);
    expect((await db.select().from(cardPayers).where(eq(cardPayers.depositId, rows[0]!.id))).length).toBe(1);
  });
});
