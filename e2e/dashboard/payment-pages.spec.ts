// Payment pages: made in the dashboard, shared with the links' share panel, paid by two buyers on
// their phones (sandbox), their payments seen on the page's own screen, then closed.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { MarketplaceSettings } from "./marketplace-pages";
import { expectAccessible, PHONE, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
const WIDE = { width: 1440, height: 900 };

/** Saves `name`-1440.png and `name`-375.png (full page). */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(WIDE);
}

/** A buyer on a phone pays the page: quantity, the page's questions, their number; waits for the receipt. */
async function buy(page: Page, link: string, quantity: string, size: string, phone: string, shot?: string): Promise<void> {
  const buyer = await page.context().newPage();
  await buyer.setViewportSize(PHONE);
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole("heading", { name: "T-shirt Kola" })).toBeVisible();
  await buyer.selectOption("#quantity", quantity);
  // the questions made in the dashboard, in the order they were put in
  expect(await buyer.locator('form .field:has(label[for^="a-"]) label').evaluateAll((labels) => labels.map((l) => (l.childNodes[0]?.textContent ?? "").trim()))).toEqual([
    "Emballage cadeau",
    "Taille",
    "Prénom brodé",
  ]);
  await buyer.getByLabel(/^Taille/).selectOption(size);
  await buyer.getByLabel(/^Prénom brodé/).fill(`Awa ${size}`);
  if (size === "M") await buyer.getByLabel(/^Emballage cadeau/).check();
  await buyer.selectOption("#country", "CMR");
  await buyer.selectOption("#operator", "MTN_MOMO_CMR");
  await buyer.fill("#phone", phone);
  if (shot) await buyer.screenshot({ path: path.join(SHOTS, `${shot}-375.png`), fullPage: true });
  await buyer.getByRole("button", { name: "Payer" }).click();
  await expect(buyer.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  if (shot) await buyer.screenshot({ path: path.join(SHOTS, `${shot}-receipt-375.png`), fullPage: true });
  await buyer.close();
}

test("create a payment page with questions, share it, two buyers pay it, see their payments and answers, close, reopen and change it", async ({ page }) => {
  await signUp(page);
  await page.setViewportSize(WIDE);
  await page.goto("/dashboard/payment-pages");
  await expect(page.getByRole("heading", { name: "Aucune page de paiement pour l'instant" })).toBeVisible();

  // every problem the API finds, beside its field
  await page.getByRole("button", { name: "Nouvelle page" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle page de paiement" });
  await dialog.getByRole("button", { name: "Créer la page" }).click();
  await expect(dialog.getByText("Certains champs sont à corriger.")).toBeVisible();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toHaveCount(2); // title, price
  await shots(page, "80-payment-page-errors");

  await dialog.getByLabel("Titre").fill("T-shirt Kola");
  await dialog.getByLabel("Description").fill("Coton bio, imprimé à Douala.");
  await dialog.getByLabel("Prix unitaire (XAF)").fill("5000");
  await dialog.getByLabel("Quantité maximale par paiement").fill("3");
  await dialog.getByLabel("Stock (optionnel)").fill("10");
  await dialog.getByLabel("Message affiché une fois la page fermée ou épuisée").fill("Merci ! Toutes les commandes sont passées.");
  // the questions: the marketplace's form builder, in the page's form
  const questions = new MarketplaceSettings(page);
  const taille = await questions.addQuestion("Liste de choix", "Taille");
  await taille.getByRole("textbox", { name: "Choix 1", exact: true }).fill("S");
  await taille.getByRole("textbox", { name: "Choix 1", exact: true }).press("Enter");
  await page.keyboard.type("M");
  await page.keyboard.press("Enter");
  await page.keyboard.type("L");
  await taille.getByLabel("Réponse obligatoire").check();
  await questions.addQuestion("Texte court", "Prénom brodé");
  await questions.addQuestion("Case à cocher", "Emballage cadeau");
  await questions.addQuestion("Texte long", "À retirer");
  expect(await questions.labels()).toEqual(["Taille", "Prénom brodé", "Emballage cadeau", "À retirer"]);
  // removed, then a question with no label is refused beside its input before anything is sent
  await dialog.getByRole("button", { name: "Supprimer la question « À retirer »" }).click();
  await questions.addQuestion("Texte court", "");
  await dialog.getByRole("button", { name: "Créer la page" }).click();
  const emptyLabel = questions.blocks.nth(3).getByLabel("Intitulé", { exact: true });
  await expect(emptyLabel).toHaveAttribute("aria-invalid", "true");
  await expect(emptyLabel).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  await dialog.getByRole("button", { name: "Supprimer la question « sans titre »" }).click();
  // reordered from the keyboard: "Emballage cadeau" to the top
  await questions.moveWithKeyboard("Emballage cadeau", "ArrowUp", 2);
  await expect.poll(() => questions.labels()).toEqual(["Emballage cadeau", "Taille", "Prénom brodé"]);
  await expectAccessible(page, "payment page form with questions");
  await shots(page, "80b-payment-page-questions");
  await dialog.getByRole("button", { name: "Créer la page" }).click();

  // the share panel of payment links, for the page
  const shared = page.getByRole("dialog", { name: "Votre page est prête" });
  await expect(shared.getByTestId("share-url")).toHaveText(/\/pp\/[0-9a-f-]{36}$/);
  const link = (await shared.getByTestId("share-url").textContent())!.trim();
  await expect(shared.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /wa\.me/);
  await expect(shared.getByTestId("qr-code")).toBeVisible();
  await shots(page, "81-payment-page-shared");
  await shared.getByRole("button", { name: "Terminé" }).click();

  // two buyers, each their own payment
  await buy(page, link, "2", "M", "6 70 00 00 11", "82-payment-page-buyer");
  await buy(page, link, "1", "L", "6 70 00 00 22");

  await page.goto("/dashboard/payment-pages");
  const row = page.getByTestId("payment-pages").getByRole("listitem").filter({ hasText: "T-shirt Kola" });
  await expect(row).toContainText("3 / 10 pris");
  await shots(page, "83-payment-pages-list");
  await row.getByRole("link", { name: "Voir" }).click();
  await expect(page.getByTestId("page-payment")).toHaveCount(2);
  await expect(page.getByTestId("page-payment").filter({ hasText: "Réussi" })).toHaveCount(2);
  await expect(page.getByTestId("page-payment").first()).toContainText("5 000");
  // a buyer's answers reach the payment
  await page.getByTestId("page-payment").last().getByRole("link").click(); // newest first: the first buyer is last
  const answers = page.getByRole("region", { name: "Réponses du client" });
  await expect(answers).toBeVisible();
  await expect(answers).toContainText("Taille");
  await expect(answers).toContainText("Awa M");
  await expect(answers).toContainText("Oui");
  await shots(page, "84b-payment-page-answers");
  await page.goBack();
  await shots(page, "84-payment-page-detail");
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width at 375 px").toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(WIDE);

  // closed: its message, no form
  await page.getByRole("button", { name: "Fermer la page" }).click();
  await page.getByRole("dialog", { name: "Fermer cette page ?" }).getByRole("button", { name: "Fermer la page" }).click();
  await expect(page.getByText("Fermée", { exact: true })).toBeVisible();
  const buyer = await page.context().newPage();
  await buyer.setViewportSize(PHONE);
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole("heading", { name: "Cette page de paiement est fermée" })).toBeVisible();
  await expect(buyer.getByText("Merci ! Toutes les commandes sont passées.")).toBeVisible();
  await expect(buyer.locator("form")).toHaveCount(0);
  await buyer.screenshot({ path: path.join(SHOTS, "85-payment-page-closed-375.png"), fullPage: true });

  // reopened, then changed: a new title, more stock, a question less; the buyer sees the page as saved
  await page.getByRole("button", { name: "Rouvrir la page" }).click();
  await page.getByRole("dialog", { name: "Rouvrir cette page ?" }).getByRole("button", { name: "Rouvrir la page" }).click();
  await expect(page.getByText("Ouverte", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier la page de paiement" });
  await expect(edit.getByLabel("Titre")).toHaveValue("T-shirt Kola");
  await expect(edit.getByLabel("Prix unitaire (XAF)")).toHaveValue("5000");
  await expect(edit.getByTestId("amount-type-kept")).toContainText("Prix fixe");
  expect(await questions.labels()).toEqual(["Emballage cadeau", "Taille", "Prénom brodé"]);
  // a stock below what is sold is refused beside its field, with the least it may be
  await edit.getByLabel("Stock (optionnel)").fill("2");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByLabel("Stock (optionnel)")).toHaveAccessibleDescription(/3/);
  await edit.getByLabel("Titre").fill("T-shirt Kola — série 2");
  await edit.getByLabel("Stock (optionnel)").fill("20");
  await edit.getByRole("button", { name: "Supprimer la question « Emballage cadeau »" }).click();
  await shots(page, "86-payment-page-edit");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "T-shirt Kola — série 2" })).toBeVisible();
  await expect(page.getByText("3 / 20 pris")).toBeVisible();
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole("heading", { name: "T-shirt Kola — série 2" })).toBeVisible();
  await expect(buyer.getByLabel(/^Taille/)).toBeVisible();
  await expect(buyer.getByLabel(/^Emballage cadeau/)).toHaveCount(0);
  await buyer.close();
});
