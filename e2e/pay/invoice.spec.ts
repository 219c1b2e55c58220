// An invoice from the API to the customer's phone, in Chromium against the production server: sent
// (created with a reminder due today, which reaches the customer's mailbox at /dev/mail), its page
// opened without JavaScript, a part paid by a plain form post, the balance paid, the print view.
// Screenshots at 375×812 and 1440 wide in e2e/.artifacts/pay/invoice-*.png.
import path from "node:path";
import type { Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
const WIDE = { width: 1440, height: 900 };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `invoice-${name}.png`), fullPage: true });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("an invoice sent, reminded, opened without JavaScript, paid in two parts, printed", async ({ browser, request, withKey, account }) => {
  const created = await request.post("/v1/invoices", {
    headers: withKey(),
    data: {
      reference: `F-${Date.now().toString(36).toUpperCase()}`,
      customer_name: "Awa Ndiaye",
      customer_phone: "670000000",
      // test mode mails the account's own people only: the customer here is the merchant's own address
      customer_email: account.email,
      lines: [
        { label: "Sac de riz parfumé 50 kg", quantity: 4, unit_price: 22500 },
        { label: "Livraison à Bonamoussadi", quantity: 1, unit_price: 10000 },
      ],
      memo: "Paiement en deux fois accepté : un acompte, puis le solde.",
      due_date: inDays(3),
      allow_partial: true,
      min_part_amount: 20000,
      reminder_days: [-3, 0, 7],
    },
  });
  expect(created.status()).toBe(200);
  const invoice = (await created.json()) as { id: string; link: string; total: number; status: string };
  expect([invoice.total, invoice.status]).toEqual([100000, "open"]);

  // reminded: the step of today (3 days before) reaches the customer's mailbox, with the page's link
  await expect
    .poll(async () => (await (await request.get("/dev/mail")).text()).includes(`/i/${invoice.id}?lang=fr`), { timeout: 20_000, message: "the reminder mail" })
    .toBe(true);
  const reminders = await request.get(`/v1/invoices/${invoice.id}/reminders`, { headers: withKey() });
  expect(((await reminders.json()) as { step: number }[]).map((r) => r.step)).toEqual([-3]);

  // the customer's phone, without JavaScript
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, isMobile: true, locale: "fr-FR", extraHTTPHeaders: asClient() });
  const page = await context.newPage();
  await page.goto(`/i/${invoice.id}`);
  await expect(page.getByText("À payer", { exact: true })).toBeVisible();
  await shot(page, "01-open-375");

  // a deposit of 40 000
  await page.fill("#amount", "40 000");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await page.fill("#phone", "6 70 00 00 00");
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await shot(page, "02-part-paid-receipt-375");

  await page.goto(`/i/${invoice.id}`);
  await expect(page.getByText("Payée en partie")).toBeVisible();
  await expect(page.locator("tr.due")).toContainText("60");
  await shot(page, "03-partially-paid-375");
  const partly = (await (await request.get(`/v1/invoices/${invoice.id}`, { headers: withKey() })).json()) as Record<string, unknown>;
  expect([partly.status, partly.amount_paid, partly.balance_due]).toEqual(["partially_paid", 40000, 60000]);

  // the balance, whole (the amount field holds it)
  await expect(page.locator("#amount")).toHaveValue("60000");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await page.fill("#phone", "6 70 00 00 00");
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/i/${invoice.id}`);
  await expect(page.getByRole("heading", { name: "Facture payée" })).toBeVisible();
  await shot(page, "04-paid-375");
  const paid = (await (await request.get(`/v1/invoices/${invoice.id}`, { headers: withKey() })).json()) as Record<string, unknown>;
  expect([paid.status, paid.amount_paid, paid.balance_due]).toEqual(["paid", 100000, 0]);

  await page.goto(`/i/${invoice.id}/print`);
  await expect(page.getByText("Échéance")).toBeVisible();
  await expect(page.getByText("Prix unitaire")).toBeHidden(); // on a phone: quantity and amount only
  await shot(page, "05-print-375");
  await page.setViewportSize(WIDE);
  await expect(page.getByText("Prix unitaire")).toBeVisible();
  await shot(page, "06-print-1440");
  await page.goto(`/i/${invoice.id}`);
  await shot(page, "07-paid-1440");
  await page.emulateMedia({ media: "print" });
  await page.goto(`/i/${invoice.id}/print`);
  await shot(page, "08-print-media-1440");
  await context.close();
});

test("an open invoice at 1440 wide, in English", async ({ browser, request, withKey }) => {
  const created = await request.post("/v1/invoices", {
    headers: withKey(),
    data: { reference: "F-EN-1", customer_name: "John Doe", language: "en", lines: [{ label: "Consulting, November", quantity: 3, unit_price: 50000 }], due_date: inDays(-2) },
  });
  const invoice = (await created.json()) as { id: string; status: string };
  expect(invoice.status).toBe("overdue");
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: WIDE, locale: "en-GB", extraHTTPHeaders: asClient() });
  const page = await context.newPage();
  await page.goto(`/i/${invoice.id}`);
  await expect(page.getByText("Overdue", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
  await shot(page, "09-overdue-en-1440");
  await context.close();
});
