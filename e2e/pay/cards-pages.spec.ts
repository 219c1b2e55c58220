// « Carte bancaire » on a payment page (/pp) and on an invoice (/i), in Chromium at 375×812 and at
// 1440 wide: the merchant turns cards on with a surcharge the buyer pays; the buyer opens the folded
// card section (the pages work without their script), sees the fee rule, types the billing details,
// pays on the CinetPay emulator's card page, passes its 3-D Secure step and comes back to the
// receipt. Screenshots go to e2e/.artifacts/pay/.
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectAccessible, signUp } from "../dashboard/support";
import { fillCardBilling, PHONE, payOnCardPage, shots } from "./card-steps";

test.use({ viewport: PHONE, hasTouch: true });

/** The billing details typed into the card section, then CinetPay's card page and 3-D Secure. */
async function payByCard(page: Page, shot: string) {
  await page.selectOption("#operator", "CARD");
  await page.locator("#card summary").tap();
  await fillCardBilling(page);
  await expectAccessible(page, `${shot}: « Carte bancaire » chosen`);
  await shots(page, shot);
  await page.locator("form button[type=submit]").tap();
  await payOnCardPage(page);
}

test("a card payment on a payment page and on an invoice: the fee rule shown, CinetPay's card page and 3-D Secure, the receipt", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Carte");
  const live = { "kola-mode": "live", origin: baseURL! };
  const set = await page.request.patch("/v1/account", { headers: { origin: baseURL! }, data: { cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" } });
  expect(set.status(), await set.text()).toBe(200);

  // a payment page of 5,000 F CFA a ticket
  const created = await page.request.post("/v1/payment-pages", { headers: live, data: { title: "Billet concert", amount_type: "fixed", amount: 5000, stock: 10 } });
  expect(created.status(), await created.text()).toBe(200);
  const tickets = (await created.json()) as { id: string };
  await page.goto(`/pp/${tickets.id}`);
  await expect(page.locator("#card-fee")).toHaveText(/^Par carte\s: 5\s175\sFCFA, dont 175\sFCFA de frais de carte \(3,5\s%\) à votre charge\.$/);
  await expect(page.locator(".foot")).toContainText("Paiement sécurisé par mobile money ou carte bancaire");
  await expect(page.locator("#card_name")).toBeHidden(); // folded until the buyer opens it
  await shots(page, "45-page-card-folded");
  await payByCard(page, "46-page-card-form");
  await page.waitForURL(/\/pay\/[0-9a-f-]+\/TRK/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".foot")).toContainText("Paiement par carte bancaire sécurisé (3-D Secure)");
  await shots(page, "47-page-card-receipt");

  // an invoice of 100,000 F CFA
  const billed = await page.request.post("/v1/invoices", {
    headers: live,
    data: { customer_name: "Awa Koné", lines: [{ label: "Loyer novembre", quantity: 1, unit_price: 100000 }], due_date: "2099-01-31" },
  });
  expect(billed.status(), await billed.text()).toBe(200);
  const rent = (await billed.json()) as { id: string };
  await page.goto(`/i/${rent.id}`);
  await expect(page.locator("#card-fee")).toHaveText(/^Par carte\s: 103\s500\sFCFA, dont 3\s500\sFCFA de frais de carte \(3,5\s%\) à votre charge\.$/);
  await payByCard(page, "48-invoice-card-form");
  await page.waitForURL(/\/pay\/[0-9a-f-]+\/TRK/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await shots(page, "49-invoice-card-receipt");
  await page.goto(`/i/${rent.id}`);
  await expect(page.getByText("Payée", { exact: true }).first()).toBeVisible();
  await shots(page, "50-invoice-paid-by-card");
});
