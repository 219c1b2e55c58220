// The balance page's saved payout numbers (seen masked, deleted after a confirmation) and the
// marketplace links' ?new=1 (the create dialog opens once: neither a reload nor closing it after a
// link is made opens it again). Screenshots in e2e/.artifacts/dashboard/lists/.
import path from "node:path";
import { expect, test } from "../fixtures";
import { expectAccessible, PHONE, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "lists");

test("saved payout numbers: listed masked on the balance page, one deleted after a confirmation", async ({ page }) => {
  const merchant = await signUp(page);
  const headers = { "api-key": merchant.apiKey };
  for (const data of [
    { label: "Mon MTN de la boutique", operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 12" },
    { label: "", operator: "ORANGE_MONEY_CMR", phone_number: "+237 6 90 00 00 34" },
  ]) {
    const saved = await page.request.post("/v1/payout-numbers", { headers, data });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  await page.goto("/dashboard/balance");
  const card = page.getByRole("region", { name: "Numéros de retrait enregistrés" });
  const rows = card.getByTestId("payout-number");
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.first()).toContainText("+237 ••12");
  await expect(rows.first()).toContainText("Mon MTN de la boutique");
  await expect(rows.first()).toContainText("MTN");
  await expect(rows.nth(1)).toContainText("+237 ••34");
  await expect(rows.nth(1)).toContainText("Orange");
  await expect(card).not.toContainText("670000012"); // never the whole number
  await expectAccessible(page, "saved payout numbers");
  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "saved-numbers-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await card.getByRole("button", { name: "Supprimer le numéro Mon MTN de la boutique +237 ••12" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer ce numéro enregistré ?" });
  await expect(confirm).toContainText("+237 ••12 (MTN");
  await page.screenshot({ path: path.join(SHOTS, "saved-number-delete-1440.png") });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Numéro supprimé" })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("+237 ••34");
  const left = (await (await page.request.get("/v1/payout-numbers", { headers })).json()) as { phone_number_masked: string }[];
  expect(left.map((n) => n.phone_number_masked)).toEqual([expect.stringMatching(/34$/)]);
});

test("marketplace links: ?new=1 opens the create dialog once, then leaves the address", async ({ page }) => {
  const merchant = await signUp(page);
  const market = await page.request.post("/v1/api/marketplace", { headers: { "api-key": merchant.apiKey }, multipart: { name: "Marché Awa", fee: "5" } });
  expect(market.status(), await market.text()).toBe(200);

  await page.goto("/dashboard/marketplace-links?new=1");
  const dialog = page.getByRole("dialog", { name: "Nouveau lien marketplace" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard\/marketplace-links$/);

  // a reload: the list, no dialog
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Liens marketplace" })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);

  // asked again, a link made, the dialog closed: it stays closed
  await page.goto("/dashboard/marketplace-links?new=1");
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel("Boutique du vendeur").fill("Atelier Fatou");
  await dialog.getByLabel("Numéro mobile money du vendeur").fill("+237 6 70 00 00 00");
  await dialog.getByLabel("Prix du produit (XAF)").fill("10000");
  await dialog.getByRole("button", { name: "Créer" }).click();
  const made = page.getByRole("dialog", { name: "Lien créé" });
  await expect(made.getByTestId("share-url")).toHaveText(/\/pay\/m\/[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/\/dashboard\/marketplace-links$/);
  await made.getByRole("button", { name: "Fermer" }).last().click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.waitForTimeout(500);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("link", { name: /Atelier Fatou/ }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: /Atelier Fatou/ }).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
