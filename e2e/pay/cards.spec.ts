// A card payment (« Carte bancaire ») in Chromium, at 375×812 and at 1440 wide: the merchant turns
// cards on in Settings with a surcharge the buyer pays, the buyer picks « Carte bancaire » on a live
// link, types the billing details CinetPay's card channel asks for, pays on the CinetPay emulator's
// card page, passes its 3-D Secure step, and lands on the merchant's success URL; the payment shows
// in the dashboard with its provider log. Screenshots go to e2e/.artifacts/pay/.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectAccessible, signUp } from "../dashboard/support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** Full-page screenshots at both widths, the phone's put back after. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
}

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
  await page.fill("#phone", "+33 6 12 34 56 78");
  await page.fill("#card_name", "Awa");
  await page.fill("#card_surname", "Koné");
  await page.fill("#card_email", "awa.kone@example.com");
  await page.fill("#card_address", "12 rue des Jardins");
  await page.fill("#card_city", "Paris");
  await page.fill("#card_state", "Île-de-France");
  await page.fill("#card_zip_code", "75011");
  await page.selectOption("#card_country", "FR");
  await expectAccessible(page, "the checkout with « Carte bancaire » chosen");
  await shots(page, "41-card-form");

  await page.getByRole("button", { name: /^Payer/ }).tap();
  await page.waitForURL(/\/payment\/[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: "Carte bancaire" })).toBeVisible();
  await page.fill("#card-number", "4111 1111 1111 1111");
  await page.fill("#card-expiry", "12/30");
  await page.fill("#card-cvv", "123");
  await shots(page, "42-cinetpay-card-page");
  await page.getByRole("button", { name: "Payer" }).tap();
  await expect(page.getByRole("heading", { name: "Authentification 3-D Secure" })).toBeVisible();
  await page.fill("#otp", "123456");
  await shots(page, "43-cinetpay-3ds");
  await page.getByRole("button", { name: "Valider" }).tap();

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
