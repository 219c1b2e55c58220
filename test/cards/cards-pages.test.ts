import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as pageJson from "@/app/api/checkout/pp/[id]/route";
import * as invoiceJson from "@/app/api/checkout/i/[id]/route";
import * as paymentPage from "@/app/pp/[id]/route";
import * as invoicePage from "@/app/i/[id]/route";
import * as waitPage from "@/app/pay/[id]/[track_id]/route";
import * as accountRoute from "@/app/v1/account/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { cardPayers, deposits, invoices, paymentPages, providerBreakers } from "@/lib/db/schema";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { createInvoiceBody } from "@/lib/invoices/schemas";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { checkAnswer } from "@/lib/providers/cinetpay/schemas";
import { createPaymentPageBody } from "@/lib/payment-pages/schemas";
import { en } from "@/lib/i18n/en";
import { fr } from "@/lib/i18n/fr";
import { reasonLabel } from "@/lib/i18n/labels";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, depositState, FAST_RETRIES } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { call, newAccount } from "@/test/support/api";
import { hit } from "@/test/support/checkout";

// « Carte bancaire » on payment pages (/pp) and invoices (/i): the link's card path (one function,
// lib/payments/start-payment.ts checkCard), through the CinetPay contract emulator end to end; the
// page's units and the invoice's reservation held by a card payment as by mobile money, given back
// when it fails; the fee rule shown; CinetPay's card channel out of order (an error, or down): the
// buyer told in words and back to mobile money, nothing taken or held twice; the dashboard's words.

let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-pages-key", siteId: "105902", secretKey: "cp-pages-secret" };
const SLOW = { timeout: 90_000 };

beforeAll(async () => {
  await getDb(); // the database first, migrations and all: on a busy machine this alone may take a while
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startCinetpayEmulator(credentials);
  Object.assign(process.env, { LIVE_PROVIDERS: "cinetpay", ...cinetpayEnv(emulator.url, credentials), PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
}, 180_000);

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await (await getDb()).delete(providerBreakers);
  delete emulator.tamper.cardChannel;
});

/** A merchant of Côte d'Ivoire (XOF) in live mode, its cards set as `cards` says (null: left off). */
async function merchant(cards: Record<string, unknown> | null = { cards_enabled: true }): Promise<Auth> {
  const { key } = await newAccount("CIV");
  if (cards) expect((await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: cards })).status).toBe(200);
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" };
}

const page = (live: Auth, body: Record<string, unknown>) => createPaymentPage(live, createPaymentPageBody.parse(body));
const invoice = (live: Auth, body: Record<string, unknown>) =>
  createInvoice(live, createInvoiceBody.parse({ customer_name: "Awa Koné", lines: [{ label: "Loyer novembre", quantity: 1, unit_price: 100000 }], due_date: "2099-01-31", ...body }));

const payer = {
  card_name: "Awa",
  card_surname: "Koné",
  card_email: "awa.kone@example.com",
  card_address: "12 rue des Jardins",
  card_city: "Paris",
  card_country: "FR",
  card_state: "Île-de-France",
  card_zip_code: "75011",
};
// a new phone each time (the attempt limits count per number); never ending 01, 02 or 03 (the emulator's failures)
let phones = 10;
const card = () => ({ country: "CIV", operator: "CARD", phone: `+33 6 12 34 ${String(phones++ % 90 + 10)} 78`, ...payer });
const orange = () => ({ country: "CIV", operator: "ORANGE_MONEY_CIV", phone: `07000${String(phones++ % 90 + 10)}000` });
const token = () => randomUUID().replaceAll("-", "");
const tokenOf = (url: string) => url.split("/payment/")[1]!;

async function payPage(id: string, fields: Record<string, unknown>) {
  const res = await hit(pageJson.POST, { id }, `/api/checkout/pp/${id}?lang=fr`, { json: { client_token: token(), ...fields } });
  return { status: res.status, body: res.json() as Record<string, unknown> };
}

async function payInvoice(id: string, fields: Record<string, unknown>) {
  const res = await hit(invoiceJson.POST, { id }, `/api/checkout/i/${id}?lang=fr`, { json: { client_token: token(), ...fields } });
  return { status: res.status, body: res.json() as Record<string, unknown> };
}

async function depositOf(trackId: string) {
  const [row] = await (await getDb()).select().from(deposits).where(eq(deposits.trackId, trackId));
  return row!;
}

async function pageUnits(id: string) {
  const [row] = await (await getDb()).select({ units: paymentPages.unitsTaken, payments: paymentPages.paymentsTaken }).from(paymentPages).where(eq(paymentPages.id, id));
  return row!;
}

async function invoiceAmounts(id: string) {
  const [row] = await (await getDb()).select({ reserved: invoices.amountReserved, paid: invoices.amountPaid, paidAt: invoices.paidAt }).from(invoices).where(eq(invoices.id, id));
  return { reserved: row!.reserved, paid: row!.paid, paid_whole: row!.paidAt !== null };
}

describe("payment pages and invoices offer « Carte bancaire »", () => {
  it("only where the merchant enabled it, with the fee rule shown (a total when the price is set, the rule when the buyer chooses)", SLOW, async () => {
    const off = await merchant(null);
    const offPage = await page(off, { title: "Cotisation", amount_type: "custom", min_amount: 1000, max_amount: 50000 });
    const offHtml = await hit(paymentPage.GET, { id: offPage.id }, `/pp/${offPage.id}?lang=fr`);
    expect(offHtml.status).toBe(200);
    expect(offHtml.text).not.toContain('value="CARD"');
    expect(offHtml.text).toContain("Paiement mobile money sécurisé");

    const buyerPays = await merchant({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const chosen = await page(buyerPays, { title: "Cotisation", amount_type: "custom", min_amount: 1000, max_amount: 50000 });
    const html = (await hit(paymentPage.GET, { id: chosen.id }, `/pp/${chosen.id}?lang=fr`)).text;
    expect(html).toContain('<option value="CARD" data-c="*">Carte bancaire</option>');
    expect(html).toContain('<label for="operator">Moyen de paiement</label>');
    expect(html).toContain("Par carte\u00a0: des frais de carte de 3,5\u00a0% s’ajoutent au montant, à votre charge.");
    // folded without the page's script: open it to pay by card
    expect(html).toContain('<details class="cardbox" id="card"><summary>Paiement par carte bancaire');
    expect(html).toContain("Paiement sécurisé par mobile money ou carte bancaire");

    const fixed = await page(buyerPays, { title: "Billet", amount_type: "fixed", amount: 5000 });
    const fixedHtml = (await hit(paymentPage.GET, { id: fixed.id }, `/pp/${fixed.id}?lang=en`)).text;
    expect(fixedHtml).toContain("By card: F\u202fCFA\u00a05,175, including a card fee of F\u202fCFA\u00a0175 (3.5%) that you pay.");
    expect(fixedHtml).toContain("Secure payment by mobile money or bank card");

    const absorbs = await merchant({ cards_enabled: true });
    const whole = await invoice(absorbs, {});
    const invoiceHtml = (await hit(invoicePage.GET, { id: whole.id }, `/i/${whole.id}?lang=fr`)).text;
    expect(invoiceHtml).toContain('<option value="CARD" data-c="*">Carte bancaire</option>');
    expect(invoiceHtml).toContain("Par carte\u00a0: 100\u202f000\u00a0F\u202fCFA, sans frais supplémentaires.");
    const parts = await invoice(absorbs, { allow_partial: true, min_part_amount: 10000 });
    expect((await hit(invoicePage.GET, { id: parts.id }, `/i/${parts.id}?lang=en`)).text).toContain("By card: no extra fee.");
  });
});

describe("a card payment on a payment page, through the CinetPay emulator", () => {
  it("takes the page's unit as mobile money does, settles after 3-D Secure (VISA), and gives the unit back when a card fails", SLOW, async () => {
    const live = await merchant({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const tickets = await page(live, { title: "Billet concert", amount_type: "fixed", amount: 5000, max_quantity: 2, stock: 2 });

    const res = await payPage(tickets.id, { ...card(), quantity: 1 });
    const trackId = res.body.track_id as string;
    expect(res).toEqual({ status: 200, body: { track_id: trackId, status: "pending", next: `${emulator.url}/payment/${emulator.payments.get(trackId)!.token}` } });
    const sent = emulator.payments.get(trackId)!;
    expect([sent.channels, sent.amount, sent.customer.customer_country, sent.customer.customer_phone_number]).toEqual(["CREDIT_CARD", 5175, "FR", expect.stringMatching(/^\+3361234\d{2}78$/)]);
    expect(await pageUnits(tickets.id)).toEqual({ units: 1, payments: 1 });

    // the stock holds for cards too: one unit left, a buyer asking for two is refused
    const tooMany = await payPage(tickets.id, { ...orange(), quantity: 2 });
    expect([tooMany.status, (tooMany.body.detail as { type: string }).type]).toEqual([409, "PAYMENT_PAGE_SOLD_OUT"]);

    expect(await emulator.pay(tokenOf(res.body.next as string), { number: "4111 1111 1111 1111" })).toBe(200);
    const paid = await depositOf(trackId);
    expect([paid.status, paid.operator, paid.amount, paid.paymentPageId]).toEqual(["success", "CARD", 5175, tickets.id]);
    const [kept] = await (await getDb()).select().from(cardPayers).where(eq(cardPayers.depositId, paid.id));
    expect([kept!.price, kept!.surcharge, kept!.country]).toEqual([5000, 175, "FR"]);
    expect(emulator.notifications.at(-1)!.body).toContain("payment_method=VISA");
    expect(await pageUnits(tickets.id)).toEqual({ units: 1, payments: 1 });

    // a card refused at 3-D Secure: its unit comes back, as a failed mobile-money payment's does
    const second = await payPage(tickets.id, { ...card(), quantity: 1 });
    expect(await pageUnits(tickets.id)).toEqual({ units: 2, payments: 2 });
    expect(await emulator.pay(tokenOf(second.body.next as string), { number: "5500 0000 0000 0004", code: "000000" })).toBe(200);
    const refused = await depositOf(second.body.track_id as string);
    expect([refused.status, refused.failureReason]).toEqual(["failed", "refused_by_payer"]);
    expect(await pageUnits(tickets.id)).toEqual({ units: 1, payments: 1 });

    // the emulator's check of a card payment answers the published check example's shape (test/fixtures/providers/cinetpay/check-accepted.json), the card's brand as payment_method
    const published = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "providers", "cinetpay", "check-accepted.json"), "utf8")) as { data: Record<string, unknown> };
    const checked = (await (await fetch(`${emulator.url}/v2/payment/check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ apikey: credentials.apiKey, site_id: credentials.siteId, transaction_id: trackId }) })).json()) as typeof published & Record<string, unknown>;
    expect([Object.keys(checked).sort(), Object.keys(checked.data).sort()]).toEqual([Object.keys(published).sort(), Object.keys(published.data).sort()]);
    expect([checked.code, checked.data.status, checked.data.payment_method, checked.data.amount]).toEqual(["00", "ACCEPTED", "VISA", "5175"]);
    // and the adapter reads the published example with a card's brand as it reads the emulator's
    expect(checkAnswer.safeParse({ ...published, data: { ...published.data, payment_method: "VISA" } }).success).toBe(true);

    // the waiting page of the card payment says a card's words
    const waiting = await hit(waitPage.GET, { id: paid.paymentGatewayId!, track_id: trackId }, `/pay/${paid.paymentGatewayId}/${trackId}?lang=fr`);
    expect(waiting.text).toContain("Paiement par carte bancaire sécurisé (3-D Secure)");
  });

  it("checks a card payer on a page as on a link: every problem at once (422)", SLOW, async () => {
    const off = await merchant(null);
    const donation = await page(off, { title: "Don", amount_type: "custom", min_amount: 1000, max_amount: 50000 });
    const res = await payPage(donation.id, { country: "CIV", operator: "CARD", phone: "12", amount: 5000, card_email: "nope", card_country: "ZZ" });
    expect(res.status).toBe(422);
    expect((res.body.detail as { loc: string[] }[]).map((d) => d.loc[1])).toEqual([
      "operator",
      "card_name",
      "card_surname",
      "card_email",
      "card_address",
      "card_city",
      "card_country",
      "card_state",
      "card_zip_code",
      "phone",
    ]);
    expect(await pageUnits(donation.id)).toEqual({ units: 0, payments: 0 });
  });
});

describe("a card payment on an invoice, through the CinetPay emulator", () => {
  it("pays a part by card (the fee on top, not counted as paid), then the balance by mobile money: partially paid, then paid", SLOW, async () => {
    const live = await merchant({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const rent = await invoice(live, { allow_partial: true, min_part_amount: 10000 });

    const part = await payInvoice(rent.id, { ...card(), amount: 40000 });
    expect(part.status).toBe(200);
    const sent = emulator.payments.get(part.body.track_id as string)!;
    expect([sent.channels, sent.amount, part.body.amount]).toEqual(["CREDIT_CARD", 41400, 41400]);
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 40000, paid: 0, paid_whole: false });
    expect(await emulator.pay(tokenOf(part.body.next as string), { number: "4111 1111 1111 1111" })).toBe(200);
    expect((await depositOf(part.body.track_id as string)).status).toBe("success");
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 40000, paid: 40000, paid_whole: false });
    const partly = (await hit(invoicePage.GET, { id: rent.id }, `/i/${rent.id}?lang=fr`)).text;
    expect(partly).toContain("Payée en partie");

    const rest = await payInvoice(rent.id, { ...orange(), amount: 60000 });
    expect([rest.status, rest.body.amount]).toEqual([200, 60000]);
    expect(await emulator.pay(tokenOf(rest.body.next as string))).toBe(200);
    expect((await depositOf(rest.body.track_id as string)).status).toBe("success");
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 100000, paid: 100000, paid_whole: true });
  });

  it("gives a refused card's reservation back, so the balance can be paid by mobile money", SLOW, async () => {
    const live = await merchant();
    const rent = await invoice(live, {});
    const first = await payInvoice(rent.id, card());
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 100000, paid: 0, paid_whole: false });
    // the whole balance is held by the card payment in progress
    const held = await payInvoice(rent.id, orange());
    expect([held.status, (held.body.detail as { type: string }).type]).toEqual([409, "INVOICE_AMOUNT_HELD"]);
    expect(await emulator.pay(tokenOf(first.body.next as string), { number: "4111 1111 1111 1111", code: "999999" })).toBe(200);
    expect((await depositOf(first.body.track_id as string)).status).toBe("failed");
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 0, paid: 0, paid_whole: false });
    const mm = await payInvoice(rent.id, orange());
    expect(await emulator.pay(tokenOf(mm.body.next as string))).toBe(200);
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 100000, paid: 100000, paid_whole: true });
  });
});

describe("CinetPay's card channel out of order", () => {
  it("answering an error: the invoice's form says so in words, mobile money to choose; nothing held; mobile money then pays once", SLOW, async () => {
    const live = await merchant();
    const rent = await invoice(live, {});
    emulator.tamper.cardChannel = "error";
    const form = { ...card(), client_token: token(), amount: "" };
    const res = await hit(invoicePage.POST, { id: rent.id }, `/i/${rent.id}?lang=fr`, { form: form as Record<string, string> });
    expect(res.status).toBe(503);
    expect(res.text).toContain("Le paiement par carte bancaire est indisponible pour le moment. Payez par mobile money en choisissant votre opérateur, ou réessayez la carte plus tard. Aucun montant n’a été débité.");
    expect(res.text).toContain("Choisissez votre opérateur mobile money.");
    // no operator chosen, a new token: the next submit is a new attempt
    expect(res.text).not.toContain('value="CARD" data-c="*" selected');
    expect(res.text).not.toContain(`value="${form.client_token}"`);
    const [failed] = await (await getDb()).select().from(deposits).where(eq(deposits.invoiceId, rent.id));
    expect([failed!.status, failed!.failureReason, failed!.operator]).toEqual(["failed", "provider_error", "CARD"]);
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 0, paid: 0, paid_whole: false });

    // the dashboard's words for it, and the failure page's
    expect(reasonLabel(failed!.failureReason, fr, failed!.operator)).toBe("Paiement par carte refusé par CinetPay (erreur technique du canal carte) : aucune banque ne l'a vu");
    const failurePage = await hit(waitPage.GET, { id: failed!.paymentGatewayId!, track_id: failed!.trackId }, `/pay/${failed!.paymentGatewayId}/${failed!.trackId}?lang=en`);
    expect(failurePage.text).toContain("Bank card payment is unavailable right now. Pay by mobile money by choosing your operator, or try the card again later.");

    // mobile money still works at CinetPay: one reservation, paid once
    const mm = await payInvoice(rent.id, orange());
    expect(mm.status).toBe(200);
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 100000, paid: 0, paid_whole: false });
    expect(await emulator.pay(tokenOf(mm.body.next as string))).toBe(200);
    expect(await invoiceAmounts(rent.id)).toEqual({ reserved: 100000, paid: 100000, paid_whole: true });
  });

  it("down (503, the payment never created): the submit answers OPERATOR_UNREACHABLE, the form says it in words; the unit comes back; mobile money takes it once", SLOW, async () => {
    const live = await merchant();
    const tickets = await page(live, { title: "Atelier", amount_type: "fixed", amount: 5000, stock: 1 });
    emulator.tamper.cardChannel = "down";
    const res = await payPage(tickets.id, { ...card(), quantity: 1 });
    expect([res.status, (res.body.detail as { type: string }).type]).toEqual([503, "OPERATOR_UNREACHABLE"]);
    const [down] = await (await getDb()).select().from(deposits).where(eq(deposits.paymentPageId, tickets.id));
    const { logs, ...state } = await depositState(down!.id);
    expect(state).toEqual({ status: "failed", reason: "provider_unreachable", events: ["payment.failed"] });
    expect(logs.map((l) => `${l.operation} ${l.httpStatus}`)).toEqual([...Array(3).fill("POST /v2/payment 503"), "POST /v2/payment/check 404"]);
    expect(await pageUnits(tickets.id)).toEqual({ units: 0, payments: 0 });

    // the form without the page's script says it in words
    const form = await hit(paymentPage.POST, { id: tickets.id }, `/pp/${tickets.id}?lang=fr`, { form: { ...card(), client_token: token(), quantity: "1" } });
    expect(form.status).toBe(409);
    expect(form.text).toContain("Le paiement par carte bancaire est indisponible pour le moment.");
    expect(await pageUnits(tickets.id)).toEqual({ units: 0, payments: 0 });

    const mm = await payPage(tickets.id, { ...orange(), quantity: 1 });
    expect(mm.status).toBe(200);
    expect(await pageUnits(tickets.id)).toEqual({ units: 1, payments: 1 });
    expect(await emulator.pay(tokenOf(mm.body.next as string))).toBe(200);
    expect((await depositOf(mm.body.track_id as string)).status).toBe("success");
    expect(await pageUnits(tickets.id)).toEqual({ units: 1, payments: 1 });
  });
});

describe("the dashboard words a card's failure as a card's", () => {
  it.each([
    ["refused_by_payer", "Carte refusée : vérification 3-D Secure échouée ou paiement abandonné par le client", "Card declined: 3-D Secure check failed or the customer abandoned the payment"],
    ["insufficient_funds", "Carte refusée par la banque : provision ou plafond insuffisant", "Card declined by the bank: not enough funds or over the limit"],
    ["provider_unreachable", "Canal carte de CinetPay injoignable : la demande n'est jamais partie", "CinetPay's card channel unreachable: the request never left"],
    ["SOMETHING_NEW", "Carte refusée par la banque du client", "Card declined by the customer's bank"],
  ])("%s", (code, french, english) => {
    expect([reasonLabel(code, fr, "CARD"), reasonLabel(code, en, "CARD")]).toEqual([french, english]);
    // a mobile-money payment keeps its own words
    expect(reasonLabel(code, fr, "ORANGE_MONEY_CIV")).not.toBe(french);
  });
});
