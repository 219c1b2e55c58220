// A card payment (« Carte bancaire ») in Chromium, at 375×812 and at 1440 wide: the merchant turns
// cards on in Settings with a surcharge the buyer pays, the buyer picks « Carte bancaire » on a live
// link, types the billing details CinetPay's card channel asks for, pays on the CinetPay emulator's
// card page, passes its 3-D Secure step, and lands on the merchant's success URL; the payment shows
// in the dashboard with its provider log. Then the same on a marketplace link (/pay/m): the fee on
// the buyer price, the receipt, the sale's split unchanged. Screenshots go to e2e/.artifacts/pay/.
import { expect, test } from "../fixtures";
import { expectAccessible, signUp } from "../dashboard/support";
import { fillCardBilling, PHONE, payOnCardPage, shots } from "./card-steps";

test.use({ viewport: PHONE, hasTouch: true });

test("a card payment: enabled in Settings with a surcharge, « Carte bancaire » on the checkout, CinetPay's card page and 3-D Secure, the success URL", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Carte");

  // Settings: cards on, the buyer pays 3.5 %
  await page.goto("/dashboard/settings");
  const cards = page.getByTestId("cards-settings");
  await expect(cards).toBeVisible();
  await cards.getByRole("switch").click();
  await cards.getByLabel("L'acheteur paie un supplément, affiché avant de payer").check();
  await cards.getByLabel("Supplément (%)").fill("3.5");
  await cards.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Paiement par carte enregistré")).toBeVisible();
  await cards.scrollIntoViewIfNeeded();
  await expectAccessible(page, "settings with the card payments card");
  await shots(page, "40-cards-settings");

  // a live link of 5,000 F CFA
  const res = await page.request.post("/v1/gateway", {
    headers: { "kola-mode": "live", origin: baseURL! },
    data: { amount: 5000, shop_name: "Boutique Carte", success_url: `${baseURL}/healthz?merchant=card`, failure_url: `${baseURL}/healthz?failed=card` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const link = (await res.json()) as { id: string };

  await page.goto(`/pay/${link.id}`);
  await expect(page.locator("#card")).toBeHidden(); // mobile money first: the card's fields wait for its choice
  await page.selectOption("#operator", "CARD");
  await expect(page.locator("#card")).toBeVisible();
  await expect(page.locator("#card-fee")).toHaveText(/^Par carte\s: 5\s175\sFCFA, dont 175\sFCFA de frais de carte \(3,5\s%\) à votre charge\.$/);
  await expect(page.locator('label[for="phone"]')).toHaveText("Numéro de téléphone");
  await expect(page.getByRole("button", { name: /^Payer/ })).toHaveText(/^Payer 5\s175\sFCFA$/);
  await fillCardBilling(page);
  await expectAccessible(page, "the checkout with « Carte bancaire » chosen");
  await shots(page, "41-card-form");

  await page.getByRole("button", { name: /^Payer/ }).tap();
  await payOnCardPage(page, { card: "42-cinetpay-card-page", secure: "43-cinetpay-3ds" });

  await page.waitForURL(/\/healthz\?merchant=card&.*status=success/, { timeout: 30_000 });
  const trackId = new URL(page.url()).searchParams.get("track_id")!;
  expect(trackId).toMatch(/^TRK[A-Z2-7]{20}$/);

  // the dashboard: the payment, by card, with CinetPay's log
  await page.context().addCookies([{ name: "kola_mode", value: "live", url: page.url() }]);
  await page.goto(`/dashboard/deposits?track_id=${trackId}`);
  const log = page.getByTestId("provider-log");
  await expect(log).toBeVisible();
  for (const line of [/POST \/v2\/payment/, /created/, /POST \/v2\/payment\/check/, /settled:success/]) await expect(log).toContainText(line);
  await expect(page.getByText("Carte bancaire").first()).toBeVisible();
  await shots(page, "44-card-dashboard");
});

test("a card payment on a marketplace link: « Carte bancaire » on the buyer price, CinetPay's card page and 3-D Secure, the receipt; the seller's share unchanged", async ({ page, baseURL }) => {
  await signUp(page, "Marché Carte");
  const live = { "kola-mode": "live", origin: baseURL! };
  const set = await page.request.patch("/v1/account", { headers: { origin: baseURL! }, data: { cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" } });
  expect(set.status(), await set.text()).toBe(200);

  // a live marketplace (fee 5 %) and one seller's link of 10,000 F CFA: the buyer price is 10,500
  const market = await page.request.post("/v1/api/marketplace", { headers: live, multipart: { name: "Marché Awa", fee: "5", is_active: "true", form_blocks: JSON.stringify({ blocks: [] }) } });
  expect(market.status(), await market.text()).toBe(200);
  const made = await page.request.post("/v1/api/marketplace/gateway", {
    headers: live,
    data: { amount: 10000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir, fabriquées à Douala." },
  });
  expect(made.status(), await made.text()).toBe(200);
  const link = (await made.json()) as { id: string };

  await page.goto(`/pay/m/${link.id}`);
  await page.fill("#full_name", "Awa Koné");
  await page.fill("#email", "awa.kone@example.com");
  await expect(page.locator("#card")).toBeHidden();
  await page.selectOption("#operator", "CARD");
  await expect(page.locator("#card")).toBeVisible();
  // the card fee on the buyer price: 10,500 + 3.5 %, up to a multiple of 5
  await expect(page.locator("#card-fee")).toHaveText(/^Par carte\s: 10\s870\sFCFA, dont 370\sFCFA de frais de carte \(3,5\s%\) à votre charge\.$/);
  await expect(page.getByRole("button", { name: /^Payer/ })).toHaveText(/^Payer 10\s870\sFCFA$/);
  await expect(page.locator(".sum .split")).toHaveText(/^Prix 10\s000\sFCFA · Frais de service 500\sFCFA · Frais\sde\scarte\s370\sFCFA$/);
  await fillCardBilling(page);
  await expectAccessible(page, "a marketplace link with « Carte bancaire » chosen");
  await shots(page, "51-market-card-form");

  await page.getByRole("button", { name: /^Payer/ }).tap();
  await payOnCardPage(page);
  await page.waitForURL(/\/pay\/m\/[0-9a-f-]+\/TRK/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".foot")).toContainText("Paiement par carte bancaire sécurisé (3-D Secure)");
  await shots(page, "52-market-card-receipt");

  // in English, the summary's card fee in its words
  await page.goto(`/pay/m/${link.id}?lang=en`);
  await page.selectOption("#operator", "CARD");
  await expect(page.locator(".sum .split")).toHaveText(/ · Card\sfee\s\D*370\D*$/);
  await shots(page, "53-market-card-form-en");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await expect(page.locator(".sum .split")).toHaveText(/ · Service fee \D*500\D*$/);

  // the sale: paid by card, the seller's share the product price, as for mobile money
  const sales = await page.request.get(`/v1/api/marketplace/gateway/${link.id}/transactions`, { headers: live });
  expect(sales.status(), await sales.text()).toBe(200);
  const sale = JSON.stringify(await sales.json());
  expect(sale).toContain('"status":"success"');
  expect(sale).toContain('"buyer_price":10500,"product_price":10000');
  expect(sale).toContain('"operator":{"name":"Card","value":"CARD"}');
});
