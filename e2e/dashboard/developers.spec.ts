// API keys: create one (shown once), use it, revoke it, and see /v1 refuse it.
import { expect, test } from "../fixtures";
import { checkPage, expectAccessible, screenshots, signUp } from "./support";

test("create and revoke an API key; the revoked key is refused by /v1", async ({ page, request }) => {
  await signUp(page);
  await page.goto("/dashboard/developers");
  const keys = page.getByRole("region", { name: "Clés API" });
  await expect(keys.getByRole("row").filter({ hasText: "Clé de test e2e" })).toContainText("Active");
  await checkPage(page, "40-developers");

  await page.getByRole("button", { name: "Nouvelle clé" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle clé" });
  await dialog.getByRole("button", { name: "Créer la clé" }).click();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toBeVisible();
  await dialog.getByLabel("Nom de la clé").fill("Serveur boutique");
  // an owner may give up to admin; the least the server needs is chosen
  await expect(dialog.getByLabel("Ce que la clé peut faire").locator("option")).toHaveText(["Administrateur", "Développeur", "Lecture seule"]);
  await dialog.getByLabel("Ce que la clé peut faire").selectOption("developer");
  await screenshots(page, "41a-key-role");
  await dialog.getByRole("button", { name: "Créer la clé" }).click();

  const shown = page.getByRole("dialog", { name: "Votre nouvelle clé API" });
  const key = await shown.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^kola_test_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copier" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.keyboard.press("Escape"); // shown once: Escape does not lose it by accident
  await expect(shown).toBeVisible();
  await screenshots(page, "41-key-created");
  await expectAccessible(page, "new key dialog");
  await expect(shown.getByRole("button", { name: "Fermer" }).last()).toBeDisabled();
  await shown.getByLabel("J'ai enregistré la clé").check();
  await shown.getByRole("button", { name: "Fermer" }).last().click();
  await expect(shown).toBeHidden();

  const row = keys.getByRole("row").filter({ hasText: "Serveur boutique" });
  await expect(row).toContainText(`${key.slice(0, 14)}…${key.slice(-4)}`);
  await expect(row).toContainText("Développeur"); // its role, and (wide screens) the member it answers to
  await expect(keys.getByRole("row").filter({ hasText: "Clé de test e2e" })).toContainText("Administrateur");
  await screenshots(page, "41b-keys-with-roles");
  await expect(page.getByText(key)).toHaveCount(0); // never shown again
  expect((await request.get("/v1/gateway", { headers: { "api-key": key } })).status()).toBe(200);
  // a developer key reads, and is refused what needs an admin
  const refusedWrite = await request.post("/v1/gateway", { headers: { "api-key": key }, data: { amount: 5000, shop_name: "Boutique" } });
  expect([refusedWrite.status(), (await refusedWrite.json()).detail.type]).toEqual([403, "INSUFFICIENT_ROLE"]);

  await row.getByRole("button", { name: "Révoquer — Serveur boutique" }).click();
  const confirm = page.getByRole("dialog", { name: "Révoquer cette clé ?" });
  await expect(confirm).toContainText("« Serveur boutique »");
  await screenshots(page, "42-key-revoke-confirm");
  await expectAccessible(page, "revoke dialog");
  await confirm.getByRole("button", { name: "Révoquer" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Révoquée le");

  const refused = await request.get("/v1/gateway", { headers: { "api-key": key } });
  expect([refused.status(), await refused.json()]).toEqual([404, { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } }]);
});
