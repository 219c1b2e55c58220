// Marketplace sellers in the dashboard, in test mode through the sandbox: a marketplace
// whose sellers' shares are held 7 days (set in its settings), a sale paid at 375 px, a split
// refund confirmed in the dialog after it says who pays what, and the seller's page showing it;
// then the share released early and paid out. axe and both sizes on every screen, and each screen
// also at 1440 px (e2e/.artifacts/dashboard/sellers-*).
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { buyOnPhone, checkPage, sessionPost, signUp } from "./support";

const WIDE = { width: 1440, height: 900 };

/** The checks of every dashboard screen (375 px and desktop), and a 1440 px shot of it. */
async function look(page: Page, name: string): Promise<void> {
  await checkPage(page, `sellers-${name}`);
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(import.meta.dirname, "..", ".artifacts", "dashboard", `sellers-${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a 7-day payout hold, a sale, a split refund confirmed in the dialog, and the seller's page showing it", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signUp(page, "Marché Awa");
  const created = await page.request.post("/v1/api/marketplace", { headers: { origin: baseURL!, "kola-mode": "test" }, multipart: { name: "Marché Awa", fee: "5", is_active: "true" } });
  expect(created.status(), await created.text()).toBe(200);

  // the hold, set in the marketplace's settings
  await page.goto("/dashboard/marketplace");
  const delay = page.getByLabel("Délai avant versement (jours)");
  await expect(delay).toHaveValue("0");
  await delay.fill("45");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(delay).toHaveAccessibleDescription(/Entrez un nombre entier de jours, de 0 à 30\./);
  await delay.fill("7");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").getByText("Marketplace enregistrée")).toBeVisible();
  await look(page, "01-settings-hold");

  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/api/marketplace/gateway", {
    amount: 10000,
    shop_name: "Atelier Fatou",
    phone_number: "+237 6 70 00 00 42",
  });

  // the buyer, on a phone
  const trackId = await buyOnPhone(page, link.link, "10 500 FCFA");

  // the sale: paid, the seller's share held (no payout yet)
  await page.goto(`/dashboard/marketplace-links/${link.id}`);
  const sale = page.getByTestId("transaction").first();
  await expect(sale).toContainText("Réussi", { timeout: 20_000 });
  await expect(sale.getByTestId("seller-payout")).toContainText("Pas encore de versement");

  // half of it refunded: the dialog says who pays what before the merchant confirms
  await page.goto(`/dashboard/payments/${trackId}`);
  await expect(page.getByTestId("refund-remaining")).toHaveText("Reste à rembourser : 10 500 FCFA");
  await page.getByRole("button", { name: "Rembourser" }).click();
  const dialog = page.getByRole("dialog", { name: "Rembourser ce paiement" });
  await dialog.getByLabel("Une partie").check();
  await dialog.getByLabel("Montant à rembourser (XAF)").fill("5250");
  const whoPays = dialog.getByTestId("who-pays");
  await expect(whoPays).toContainText("sur ce remboursement, 5 000 FCFA sont la part du vendeur");
  await expect(whoPays.getByLabel("La reprendre au vendeur")).toBeChecked();
  await expect(whoPays.getByTestId("pays-reverse")).toHaveText(/Pris sur votre solde : 250\sFCFA\s*Pris sur le vendeur : 5\s000\sFCFA/);
  await expect(whoPays.getByTestId("pays-merchant")).toHaveText(/Pris sur votre solde : 5\s250\sFCFA\s*Pris sur le vendeur : rien/);
  await look(page, "02-refund-who-pays");
  await dialog.getByRole("button", { name: "Continuer" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirmer le remboursement" });
  await expect(confirm.getByTestId("refund-summary")).toHaveText(
    /^5\s250\sFCFA seront renvoyés au \+237670000011\. Un remboursement envoyé ne peut pas être annulé\.$/,
  );
  await expect(confirm.getByTestId("takes-available")).toHaveText(/Votre solde disponible\s*500\sFCFA/);
  await expect(confirm.getByTestId("takes-you")).toHaveText(/Pris sur votre solde\s*250\sFCFA/);
  await expect(confirm.getByTestId("takes-seller")).toHaveText(/Pris sur le vendeur\s*5\s000\sFCFA/);
  await look(page, "03-refund-confirm");
  await confirm.getByRole("button", { name: "Rembourser 5 250 FCFA" }).click();
  await expect(page.getByRole("status").getByText("Remboursement demandé")).toBeVisible();
  const refund = page.getByTestId("refund");
  await expect(refund).toContainText("Réussi", { timeout: 30_000 });
  await expect(refund.getByTestId("refund-split")).toHaveText(/^Vous : 250\sFCFA · part du vendeur 5\s000\sFCFA, reprise au vendeur$/);
  await expect(page.getByTestId("refund-remaining")).toHaveText("Reste à rembourser : 5 250 FCFA");

  // the seller's page: half its share still held, the refund and who bore it
  await page.goto("/dashboard/sellers");
  await expect(page.getByTestId("seller-row")).toHaveCount(1);
  await expect(page.getByTestId("seller-row")).toContainText("Atelier Fatou");
  await look(page, "04-list");
  await page.getByRole("link", { name: "Atelier Fatou" }).click();
  await expect(page.getByRole("heading", { name: "Atelier Fatou" })).toBeVisible();
  await expect(page.getByTestId("seller-pending")).toContainText("5 000 FCFA");
  await expect(page.getByTestId("seller-paid-out")).toContainText("0 FCFA");
  await expect(page.getByTestId("seller-sale")).toContainText("En attente");
  await expect(page.getByTestId("seller-sale")).toContainText("Remboursé sur sa part : 5 000 FCFA");
  await expect(page.getByTestId("seller-refund")).toContainText("5 250 FCFA");
  await expect(page.getByTestId("seller-refund").getByTestId("refund-split")).toContainText("reprise au vendeur");
  await look(page, "05-seller-refunded");

  // the balance: every bucket, the seller's held 5 000 owed to it
  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("balance-available")).toContainText("250 FCFA");
  await expect(page.getByTestId("balance-sellers")).toContainText(/5\s000\sFCFA\s*dont 5\s000\sFCFA en attente, 0\sFCFA à verser/);
  await look(page, "06-balance");

  // the marketplace-link page shows the refund on the sale
  await page.goto(`/dashboard/marketplace-links/${link.id}`);
  await expect(sale).toContainText("Remboursement");
  await expect(sale.getByTestId("sale-refund")).toContainText("5 250 FCFA");
  await look(page, "07-link-refunded");

  // released early: paid out to the seller
  await page.goto("/dashboard/sellers");
  await page.getByRole("link", { name: "Atelier Fatou" }).click();
  await page.getByRole("button", { name: "Verser maintenant" }).first().click();
  await page.getByRole("dialog", { name: "Verser maintenant, sans attendre la fin du délai ?" }).getByRole("button", { name: "Verser maintenant" }).click();
  await expect(page.getByTestId("seller-paid-out")).toContainText("5 000 FCFA", { timeout: 30_000 });
  await expect(page.getByTestId("seller-pending")).toContainText("0 FCFA");
  await expect(page.getByTestId("seller-sale")).toContainText("Versée");
  await expect(page.getByTestId("seller-payout-row")).toContainText("Réussi");
  await look(page, "08-seller-paid");
});
