// Invoices in the dashboard: made through the API (the merchant's own system), listed with what each
// customer paid and still owes, one cancelled from the list. Screenshots at 1440 and 375 wide.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectAccessible, PHONE, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
const WIDE = { width: 1440, height: 900 };

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(WIDE);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the invoices list: amounts and statuses; one cancelled", async ({ page }) => {
  const merchant = await signUp(page);
  await page.setViewportSize(WIDE);
  await page.goto("/dashboard/invoices");
  await expect(page.getByRole("heading", { name: "Aucune facture pour l’instant" })).toBeVisible();
  const create = (body: Record<string, unknown>) =>
    page.request.post("/v1/invoices", { headers: { "api-key": merchant.apiKey }, data: { lines: [{ label: "Riz", quantity: 2, unit_price: 25000 }], ...body } });
  expect((await create({ reference: "F-001", customer_name: "Awa Ndiaye", due_date: inDays(10), allow_partial: true })).status()).toBe(200);
  expect((await create({ reference: "F-002", customer_name: "Moussa Traoré", due_date: inDays(-3) })).status()).toBe(200);

  await page.reload();
  const list = page.getByTestId("invoices");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByText("En retard")).toBeVisible();
  await expect(list.getByText("À payer")).toBeVisible();
  await expectAccessible(page, "invoices");
  await shots(page, "90-invoices");

  await list.getByRole("listitem").filter({ hasText: "F-002" }).getByRole("button", { name: "Annuler" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Annuler la facture" }).click();
  await expect(list.getByText("Annulée")).toBeVisible();
  await shots(page, "91-invoices-cancelled");
});

test("a new invoice's lines on a phone: every line's fields labelled, on screen and for screen readers", async ({ page }) => {
  await signUp(page);
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/invoices/new");
  await expect(page.getByRole("heading", { name: "Nouvelle facture", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Ajouter une ligne" }).click();
  await page.getByRole("button", { name: "Ajouter une ligne" }).click();
  const lines = page.getByTestId("invoice-line");
  await expect(lines).toHaveCount(3);
  await lines.nth(2).getByLabel("Désignation").fill("Livraison");
  await page.getByTestId("invoice-lines").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "92-invoice-lines-375.png"), fullPage: true });
  for (const n of [1, 2, 3]) {
    // each line is a group named by its number: « Désignation » of line 2 is told apart from line 1's
    const line = page.getByRole("group", { name: `Ligne ${n}` });
    await expect(line).toBeVisible();
    for (const label of ["Désignation", "Quantité", "Prix unitaire (XAF)"]) {
      await expect(line.getByLabel(label, { exact: true })).toBeVisible();
      await expect(line.getByText(label, { exact: true }), `line ${n}: « ${label} » on screen at 375 px`).toBeVisible();
    }
  }
  await expect(page.getByRole("group", { name: "Ligne 3" }).getByRole("button", { name: "Retirer la ligne 3" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width at 375 px").toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, "new invoice, three lines (375 px)");
  // wide: one row of labels above the lines, as column heads; the others still named
  await page.setViewportSize(WIDE);
  await expect(page.getByRole("group", { name: "Ligne 3" }).getByLabel("Quantité", { exact: true })).toBeVisible();
  await expectAccessible(page, "new invoice, three lines (1440 px)");
  await shots(page, "92-invoice-lines");
});
