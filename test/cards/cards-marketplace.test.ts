import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as submitJson from "@/app/api/checkout/pay/m/[id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import * as waitPage from "@/app/pay/m/[id]/[track_id]/route";
import * as accountRoute from "@/app/v1/account/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { cardPayers, deposits, marketplaceTransactions, providerBreakers, sellerShares } from "@/lib/db/schema";
import { createMarketplaceGateway } from "@/lib/marketplace-gateways/create-marketplace-gateway";
import { createMarketplaceGatewayBody } from "@/lib/marketplace-gateways/schemas";
import { createMarketplace } from "@/lib/marketplaces/save-marketplace";
import { createMarketplaceForm } from "@/lib/marketplaces/schemas";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, depositState, FAST_RETRIES } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { call, newAccount } from "@/test/support/api";
import { hit } from "@/test/support/checkout";
import { entriesOf } from "@/test/support/money-out";

// « Carte bancaire » on a marketplace link (/pay/m/{id}): offered where the merchant enabled cards,
// as on a payment link (the same checkCard / recordCardPayer, the same form), on the buyer price
// (the seller's price and the marketplace's fee), through the CinetPay emulator end to end. The sale
// splits as a mobile-money sale does: the seller's share is the product price, the rest (the owner's
// fee, and the card fee when the buyer bears it) is the merchant's.

let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-market-key", siteId: "105905", secretKey: "cp-market-secret" };
const SLOW = { timeout: 90_000 };

beforeAll(async () => {
  await getDb();
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
});

/** A live marketplace of Côte d'Ivoire (fee 5 %, payouts held `delay` days) with one seller's link at 10,000 XOF; cards set as `cards` says. */
async function marketplaceLink(cards: Record<string, unknown> | null, delay = "0") {
  const { key } = await newAccount("CIV");
  if (cards) expect((await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: cards })).status).toBe(200);
  const live: Auth = { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" };
  await createMarketplace(live, createMarketplaceForm.parse({ name: "Marché Awa", fee: "5", seller_payout_delay_days: delay }), {});
  const link = await createMarketplaceGateway(live, createMarketplaceGatewayBody.parse({ amount: 10000, shop_name: "Atelier Fatou", phone_number: "+225 07 00 00 00 55", message: "Sandales en cuir" }));
  return { live, link };
}

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
let phones = 10;
const buyer = { country: "CIV", full_name: "Awa Koné", email: "awa.kone@example.com" };
const card = () => ({ ...buyer, operator: "CARD", phone: `+33 6 12 34 ${phones++} 78`, ...payer });
const orange = () => ({ ...buyer, operator: "ORANGE_MONEY_CIV", phone: `07000${phones++}000` });
const tokenOf = (url: string) => url.split("/payment/")[1]!;

async function submit(id: string, fields: Record<string, string>) {
  const res = await hit(submitJson.POST, { id }, `/api/checkout/pay/m/${id}?lang=fr`, { form: { client_token: randomUUID().replaceAll("-", ""), ...fields } });
  return { status: res.status, body: res.json() as Record<string, unknown> };
}

/** A sale's split as the books and its share say it: what the buyer paid, the seller's share, the merchant's part. */
async function saleOf(trackId: string) {
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  const [sale] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, deposit!.id));
  const [share] = await db.select().from(sellerShares).where(eq(sellerShares.depositId, deposit!.id));
  return { status: deposit!.status, paid: deposit!.amount, buyerPrice: sale!.buyerPrice, productPrice: sale!.productPrice, share: share ? [share.amount, share.fee] : null };
}

describe("a marketplace link offers « Carte bancaire »", () => {
  it("only where the merchant enabled cards, with the fee rule on the buyer price; elsewhere a card submit is refused with the operator", SLOW, async () => {
    const off = await marketplaceLink(null);
    const offHtml = await hit(marketPage.GET, { id: off.link.id }, `/pay/m/${off.link.id}?lang=fr`);
    expect(offHtml.status).toBe(200);
    expect(offHtml.text).not.toContain('value="CARD"');
    const refused = await submit(off.link.id, card());
    expect(refused.status).toBe(422);
    expect((refused.body.detail as { loc: string[] }[]).map((d) => d.loc[1])).toEqual(["operator"]);

    const on = await marketplaceLink({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const fr = (await hit(marketPage.GET, { id: on.link.id }, `/pay/m/${on.link.id}?lang=fr`)).text;
    expect(fr).toContain('<option value="CARD" data-c="*">Carte bancaire</option>');
    expect(fr).toContain('<label for="operator">Moyen de paiement <span class="req"');
    // 10,000 + the marketplace's 500, then 3.5 % on top: 10,867.5, up to a multiple of 5
    expect(fr).toContain("Par carte\u00a0: 10\u202f870\u00a0F\u202fCFA, dont 370\u00a0F\u202fCFA de frais de carte (3,5\u00a0%) à votre charge.");
    // the summary's split with the card fee, which the page's script shows when the card is chosen
    expect(fr).toContain('<p class="split" data-card="Prix 10\u202f000\u00a0F\u202fCFA · Frais de service 500\u00a0F\u202fCFA · Frais\u00a0de\u00a0carte\u00a0370\u00a0F\u202fCFA">Prix 10\u202f000\u00a0F\u202fCFA · Frais de service 500\u00a0F\u202fCFA</p>');
    const en = (await hit(marketPage.GET, { id: on.link.id }, `/pay/m/${on.link.id}?lang=en`)).text;
    expect(en).toContain("By card: F\u202fCFA\u00a010,870, including a card fee of F\u202fCFA\u00a0370 (3.5%) that you pay.");
  });
});

describe("a card payment on a marketplace link, through the CinetPay emulator", () => {
  it("pays the buyer price and the card fee after 3-D Secure; the seller's share is the mobile-money sale's, the card fee the merchant's", SLOW, async () => {
    const { live, link } = await marketplaceLink({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const res = await submit(link.id, card());
    expect(res.status).toBe(200);
    const trackId = res.body.track_id as string;
    const sent = emulator.payments.get(trackId)!;
    expect([sent.channels, sent.amount, sent.customer.customer_name, sent.customer.customer_country]).toEqual(["CREDIT_CARD", 10870, "Awa", "FR"]);
    const db = await getDb();
    const [deposit] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
    const [kept] = await db.select().from(cardPayers).where(eq(cardPayers.depositId, deposit!.id));
    expect([deposit!.operator, deposit!.marketplaceGatewayId, kept!.price, kept!.surcharge]).toEqual(["CARD", link.id, 10500, 370]);

    expect(await emulator.pay(tokenOf(res.body.next as string), { number: "4111 1111 1111 1111" })).toBe(200);
    expect((await depositState(deposit!.id)).events).toEqual(["marketplace.transaction.succeeded"]);
    expect(await saleOf(trackId)).toEqual({ status: "success", paid: 10870, buyerPrice: 10500, productPrice: 10000, share: [10000, 870] });

    // the same link paid by Orange Money: the seller's share is the same, the merchant keeps the fee alone
    const mm = await submit(link.id, orange());
    expect(await emulator.pay(tokenOf(mm.body.next as string))).toBe(200);
    expect(await saleOf(mm.body.track_id as string)).toEqual({ status: "success", paid: 10500, buyerPrice: 10500, productPrice: 10000, share: [10000, 500] });

    // the books: each sale's money from CinetPay to the seller's share and the merchant's part
    expect((await entriesOf(live.accountId)).filter(([kind]) => kind === "marketplace_sale").map(([, lines]) => lines)).toEqual([
      { merchant_pending: 870, provider_clearing: -10870, seller_payable: 10000 },
      { merchant_pending: 500, provider_clearing: -10500, seller_payable: 10000 },
    ]);

    // the waiting page says a card's words
    const waiting = await hit(waitPage.GET, { id: link.id, track_id: trackId }, `/pay/m/${link.id}/${trackId}?lang=fr`);
    expect([waiting.status, waiting.text.includes("Paiement par carte bancaire sécurisé (3-D Secure)")]).toEqual([200, true]);
  });

  it("where the merchant absorbs the card fee: the buyer pays the buyer price, split exactly as a mobile-money sale", SLOW, async () => {
    const { link } = await marketplaceLink({ cards_enabled: true }, "7");
    const res = await submit(link.id, card());
    expect([res.status, emulator.payments.get(res.body.track_id as string)!.amount]).toEqual([200, 10500]);
    expect(await emulator.pay(tokenOf(res.body.next as string), { number: "5500 0000 0000 0004" })).toBe(200);
    expect(await saleOf(res.body.track_id as string)).toEqual({ status: "success", paid: 10500, buyerPrice: 10500, productPrice: 10000, share: [10000, 500] });
  });

  it("a card refused at 3-D Secure: failed, no share, nothing in the books; the page offers the card again", SLOW, async () => {
    const { live, link } = await marketplaceLink({ cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" });
    const res = await submit(link.id, card());
    expect(await emulator.pay(tokenOf(res.body.next as string), { number: "4111 1111 1111 1111", code: "000000" })).toBe(200);
    expect(await saleOf(res.body.track_id as string)).toMatchObject({ status: "failed", share: null });
    expect(await entriesOf(live.accountId)).toEqual([]);
    const again = await hit(marketPage.GET, { id: link.id }, `/pay/m/${link.id}?lang=fr&from=${res.body.track_id as string}`);
    expect(again.text).toContain('<option value="CARD" selected data-c="*">');
  });
});
