// An invoice made in the dashboard, end to end: the merchant opens a customer of the book, « Nouvelle
// facture » pre-fills them (the book's search finds them too), two lines, payment in parts allowed,
// reminders 3 days before / on the day / 7 days after, due in 3 days — so the round's clock (the
// server's own, woken by the creation) is on the first step today: the reminder reaches the mailbox
// without any wait of ours. The customer's page is opened without JavaScript on a phone and part-paid;
// the payer's receipt leads back to the invoice; the balance is paid at 1440 wide; the dashboard's
// detail says paid, and the customer's page shows both payments. Screenshots at 1440 and 375 wide in
// e2e/.artifacts/dashboard/invoice-flow-*.png.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { expectAccessible, PHONE, sessionPost, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
const WIDE = { width: 1440, height: 900 };

/** `invoice-flow-<name>-1440.png` and `-375.png` (full page), axe at both sizes, nothing wider than the phone. */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `invoice-flow-${name}-1440.png`), fullPage: true });
  await expectAccessible(page, `${name} (1440)`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `invoice-flow-${name}-375.png`), fullPage: true });
  await expectAccessible(page, `${name} (375 px)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(WIDE);
}

/** The customer's browser, JavaScript off (the invoice page and the checkout work without it). */
async function customerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, isMobile: viewport.width < 500, locale: "fr-FR", extraHTTPHeaders: asClient() });
  return { context, page: await context.newPage() };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
// the number that pays is the customer's (so the book counts both payments); not 01/02/03: it succeeds
const CUSTOMER = { typed: "6 77 12 34 56", whole: "+237677123456" };

test("an invoice made in the dashboard, part-paid without JavaScript, reminded, paid; the customer's page shows both payments", async ({ page, browser }) => {
  test.setTimeout(600_000); // a guard against hangs: axe at two sizes on five pages and two payments, on a busy 2-core machine
  const merchant = await signUp(page);
  await page.setViewportSize(WIDE);
  // test mode reminds the account's own people only: the customer's e-mail is the merchant's
  const customer = await sessionPost<{ id: string }>(page, "/v1/customers", { phone_number: CUSTOMER.typed, name: "Awa Ndiaye", email: merchant.email });

  // from the customer's page: « Nouvelle facture » pre-fills her
  await page.goto(`/dashboard/customers/${customer.id}`);
  await page.getByTestId("new-invoice").click();
  await expect(page.getByRole("heading", { name: "Nouvelle facture", level: 1 })).toBeVisible();
  await expect(page.getByTestId("picked-customer")).toContainText("Awa Ndiaye");
  await expect(page.getByLabel("Nom du client")).toHaveValue("Awa Ndiaye");
  await expect(page.getByLabel("Numéro (optionnel)")).toHaveValue(CUSTOMER.whole);
  // another customer, then her again through the book's search
  await page.getByRole("button", { name: "Autre client" }).click();
  await expect(page.getByLabel("Nom du client")).toHaveValue("");
  await page.getByTestId("customer-search").fill("Awa");
  await page.getByTestId("customer-matches").getByRole("button", { name: "Choisir" }).click();
  await expect(page.getByLabel("Numéro (optionnel)")).toHaveValue(CUSTOMER.whole);

  // nothing typed yet: every problem beside its field
  await page.getByRole("button", { name: "Créer la facture" }).click();
  await expect(page.getByTestId("invoice-line").first().getByText("Ce champ est obligatoire.").first()).toBeVisible();
  await shots(page, "01-form-errors");

  const lines = page.getByTestId("invoice-line");
  await lines.nth(0).getByLabel("Désignation").fill("Sac de riz parfumé 50 kg");
  await lines.nth(0).getByLabel("Quantité").fill("4");
  await lines.nth(0).getByLabel("Prix unitaire (XAF)").fill("22 500");
  await page.getByRole("button", { name: "Ajouter une ligne" }).click();
  await lines.nth(1).getByLabel("Désignation").fill("Livraison à Bonamoussadi");
  await lines.nth(1).getByLabel("Quantité").fill("1");
  await lines.nth(1).getByLabel("Prix unitaire (XAF)").fill("10000");
  await expect(page.getByTestId("invoice-total")).toHaveText(/Total : 100\s000/);
  await page.getByLabel("Référence (optionnel)").fill("F-2027-014");
  await page.getByRole("textbox", { name: "Échéance" }).fill(inDays(3)); // (the card around it is named so too)
  await page.getByLabel("Paiement en plusieurs fois accepté").check();
  await page.getByLabel(/Montant minimum d’un paiement/).fill("20000");
  await expect(page.getByTestId("invoice-reminder")).toHaveCount(3); // 3 days before, on the day, 7 days after
  await page.getByLabel("Note (optionnel)").fill("Un acompte, puis le solde à la livraison.");
  await shots(page, "02-form-filled");
  await page.getByRole("button", { name: "Créer la facture" }).click();

  // its page in the dashboard: open, what is due, the share panel
  await expect(page).toHaveURL(/\/dashboard\/invoices\/[0-9a-f-]{36}/);
  const invoiceId = /invoices\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { name: "F-2027-014 · Awa Ndiaye", level: 1 })).toBeVisible();
  await expect(page.getByText("À payer", { exact: true })).toBeVisible();
  await expect(page.getByTestId("balance-due")).toContainText("100");
  await expect(page.getByTestId("share-url")).toHaveText(new RegExp(`/i/${invoiceId}$`));
  await expect(page.getByTestId("print-link")).toHaveAttribute("href", new RegExp(`/i/${invoiceId}/print$`));

  // reminded: the step of today (3 days before) is written once and reaches the customer's mailbox
  await expect
    .poll(async () => ((await (await page.request.get(`/v1/invoices/${invoiceId}/reminders`)).json()) as { step: number }[]).map((r) => r.step), { timeout: 30_000, message: "the reminder step" })
    .toEqual([-3]);
  await expect
    .poll(async () => (await (await page.request.get("/dev/mail")).text()).includes(`/i/${invoiceId}?lang=fr`), { timeout: 30_000, message: "the reminder mail" })
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId("sent-reminder")).toHaveCount(1);
  await expect(page.getByTestId("sent-reminder")).toContainText("3 j avant");
  await shots(page, "03-detail-open-reminded");

  // the customer's phone, without JavaScript: a deposit of 40 000
  const phone = await customerPage(browser, PHONE);
  await phone.page.goto(`/i/${invoiceId}`);
  await expect(phone.page.getByText("À payer", { exact: true })).toBeVisible();
  await phone.page.screenshot({ path: path.join(SHOTS, "invoice-flow-04-customer-page-375.png"), fullPage: true });
  await phone.page.fill("#amount", "40 000");
  await phone.page.selectOption("#operator", "MTN_MOMO_CMR");
  await phone.page.fill("#phone", CUSTOMER.typed);
  await phone.page.getByRole("button", { name: "Payer" }).click();
  await expect(phone.page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 60_000 });
  await phone.page.screenshot({ path: path.join(SHOTS, "invoice-flow-05-receipt-375.png"), fullPage: true });
  // the receipt leads back to the invoice, now partly paid
  await phone.page.getByRole("link", { name: "Voir la facture et ce qui reste à payer" }).click();
  await expect(phone.page.getByText("Payée en partie")).toBeVisible();
  await expect(phone.page.locator("tr.due")).toContainText("60");
  await phone.page.screenshot({ path: path.join(SHOTS, "invoice-flow-06-partly-paid-375.png"), fullPage: true });
  await phone.context.close();

  await page.reload();
  await expect(page.getByText("Payée en partie", { exact: true })).toBeVisible();
  await expect(page.getByTestId("balance-due")).toContainText("60");
  await expect(page.getByTestId("invoice-payment")).toHaveCount(1);
  await shots(page, "07-detail-partly-paid");

  // the balance, whole, from a computer (still without JavaScript)
  const wide = await customerPage(browser, WIDE);
  await wide.page.goto(`/i/${invoiceId}`);
  await expect(wide.page.locator("#amount")).toHaveValue("60000");
  await wide.page.selectOption("#operator", "MTN_MOMO_CMR");
  await wide.page.fill("#phone", CUSTOMER.typed);
  await wide.page.getByRole("button", { name: "Payer" }).click();
  await expect(wide.page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 60_000 });
  await wide.page.screenshot({ path: path.join(SHOTS, "invoice-flow-08-receipt-1440.png"), fullPage: true });
  await wide.page.getByRole("link", { name: "Voir la facture et ce qui reste à payer" }).click();
  await expect(wide.page.getByRole("heading", { name: "Facture payée" })).toBeVisible();
  await wide.page.screenshot({ path: path.join(SHOTS, "invoice-flow-09-paid-1440.png"), fullPage: true });
  await wide.context.close();

  // the dashboard: paid, nothing left, both payments; no cancel any more
  await page.reload();
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();
  await expect(page.getByTestId("balance-due")).toContainText("0");
  await expect(page.getByTestId("invoice-payment")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Annuler" })).toHaveCount(0);
  await shots(page, "10-detail-paid");

  // the list links to it
  await page.goto("/dashboard/invoices");
  await page.getByTestId("invoices").getByRole("link", { name: "F-2027-014 · Awa Ndiaye" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${invoiceId}$`));

  // the customer's page: both payments
  await page.goto(`/dashboard/customers/${customer.id}`);
  await expect(page.getByTestId("customer-payment")).toHaveCount(2);
  await expect(page.getByTestId("customer-facts")).toContainText("100");
  await shots(page, "11-customer-both-payments");
});
