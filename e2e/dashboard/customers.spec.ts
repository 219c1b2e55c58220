// The customer book: three payments by two numbers (one typed in two forms) make two customers,
// numbers masked in the list and whole on the customer's page with its payments; search, edit,
// pre-fill a request at the counter, merge the two records of one person, erase on request; a
// customer added by hand.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectAccessible, payLink, PHONE, sessionPost, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
const WIDE = { width: 1440, height: 900 };

/** Saves `name`-1440.png and `name`-375.png (full page), axe at both sizes, nothing wider than the phone. */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await expectAccessible(page, `${name} (1440)`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await expectAccessible(page, `${name} (375 px)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(WIDE);
}

test("payers become customers; the book is searched, a customer's page shows its payments; merge and erase", async ({ page }) => {
  await signUp(page);
  await page.setViewportSize(WIDE);
  for (const [amount, phone] of [[1500, "6 70 00 00 42"], [2500, "+237 670 000 042"], [700, "6 90 00 00 17"]] as const) {
    const link = await sessionPost<{ link: string }>(page, "/v1/gateway", { amount, shop_name: "Boutique Awa" });
    await payLink(page, link.link, phone);
  }
  // the sandbox answers in 1–3 s: the book has both numbers, one with two payments
  await expect
    .poll(async () => ((await (await page.request.get("/v1/customers")).json()) as { payments_count: number }[]).map((c) => c.payments_count).sort(), { timeout: 30_000 })
    .toEqual([1, 2]);

  await page.goto("/dashboard/customers");
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  const rows = page.getByTestId("customer-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "+237*******42" })).toContainText("4 000");
  await expect(page.getByText("+237670000042")).toHaveCount(0); // never whole in the list
  await shots(page, "90-customers");

  await page.getByTestId("customer-search").fill("0017");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("+237*******17");
  await page.getByTestId("customer-search").fill("");
  await expect(rows).toHaveCount(2);

  // the customer's own page: the whole number, totals, its payments
  await rows.filter({ hasText: "+237*******42" }).getByRole("link").click();
  await expect(page.getByTestId("customer-facts")).toContainText("+237670000042");
  await expect(page.getByTestId("customer-facts")).toContainText("2 paiement(s)");
  await expect(page.getByTestId("customer-payment")).toHaveCount(2);
  await expect(page.getByTestId("customer-payment").filter({ hasText: "Réussi" })).toHaveCount(2);
  await shots(page, "91-customer");

  await page.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le client" });
  await edit.getByLabel("E-mail (optionnel)").fill("pas-un-email");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByText("Certains champs sont à corriger.")).toBeVisible();
  await edit.getByLabel("Nom (optionnel)").fill("Awa Ndiaye");
  await edit.getByLabel("E-mail (optionnel)").fill("awa@example.com");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("heading", { name: "Awa Ndiaye", level: 1 })).toBeVisible();

  // the book pre-fills a request to pay: the counter opens with her number
  await page.getByTestId("ask-payment").click();
  await expect(page.getByLabel("Numéro du client")).toHaveValue(/^\+237\s?6\s?70\s?00\s?00\s?42$/);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Awa Ndiaye", level: 1 })).toBeVisible();

  // the other number is hers too: merged, its payment moves here
  await page.getByRole("button", { name: "Fusionner" }).click();
  const merge = page.getByRole("dialog", { name: "Fusionner avec une autre fiche" });
  await expect(merge.getByTestId("merge-candidates").getByRole("listitem")).toHaveCount(1);
  await shots(page, "92-customer-merge");
  await merge.getByRole("button", { name: "Fusionner celle-ci" }).click();
  await page.getByRole("dialog", { name: "Fusionner ces deux fiches ?" }).getByRole("button", { name: "Fusionner" }).click();
  await expect(page.getByTestId("customer-payment")).toHaveCount(3);
  await expect(page.getByTestId("customer-facts")).toContainText("4 700");

  // erased on her request: the payments stay, without her
  await page.getByRole("button", { name: "Effacer les données" }).click();
  const erase = page.getByRole("dialog", { name: "Effacer les données personnelles de ce client ?" });
  await shots(page, "93-customer-erase-confirm");
  await erase.getByRole("button", { name: "Effacer les données" }).click();
  await expect(page.getByText(/Les données personnelles de ce client ont été effacées le/)).toBeVisible();
  await expect(page.getByTestId("customer-payment")).toHaveCount(3);
  await expect(page.getByText("+237670000042")).toHaveCount(0);
  await shots(page, "94-customer-erased");

  // by hand: every problem beside its field, then added
  await page.goto("/dashboard/customers");
  await expect(page.getByRole("heading", { name: "Aucun client pour l'instant" })).toBeVisible();
  await page.getByRole("button", { name: "Ajouter un client" }).first().click();
  const create = page.getByRole("dialog", { name: "Nouveau client" });
  await create.getByLabel("Numéro de téléphone").fill("12");
  await create.getByLabel("E-mail (optionnel)").fill("non");
  await create.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(create.getByText("Certains champs sont à corriger.")).toBeVisible();
  await shots(page, "95-customer-create-errors");
  await create.getByLabel("Numéro de téléphone").fill("6 77 12 34 56");
  await create.getByLabel("E-mail (optionnel)").fill("");
  await create.getByLabel("Nom (optionnel)").fill("Moussa Traoré");
  await create.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Moussa Traoré", level: 1 })).toBeVisible();
  await expect(page.getByTestId("customer-facts")).toContainText("+237677123456");
});
