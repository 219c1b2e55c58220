// Money out in the dashboard, in test mode through the sandbox: a marketplace sale paid
// at 375 px, then the seller's payout and the owner's fee; a refund of a payment; a withdrawal of
// the available balance. axe and both screen sizes on every screen (e2e/.artifacts/dashboard/).
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { buyOnPhone, checkPage, payLink, PHONE, sessionPost, signUp } from "./support";

const statusOf = async (page: Page, trackId: string) =>
  ((await (await page.request.get(`/api/checkout/status/${trackId}`)).json()) as { status: string }).status;

/** A payment link paid in the checkout by a sandbox number that succeeds; its track_id. */
async function paidLink(page: Page, amount: number): Promise<string> {
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount, shop_name: "Panier de fruits" });
  const trackId = await payLink(page, link.link, "670000042");
  await expect.poll(() => statusOf(page, trackId), { timeout: 20_000 }).toBe("success");
  return trackId;
}

test("a marketplace sale paid at 375 px: the seller is paid out and the owner's fee reaches the balance", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, "Marché Awa");
  const headers = { origin: baseURL!, "kola-mode": "test" };
  const created = await page.request.post("/v1/api/marketplace", { headers, multipart: { name: "Marché Awa", fee: "5", is_active: "true" } });
  expect(created.status(), await created.text()).toBe(200);
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/api/marketplace/gateway", {
    amount: 10000,
    shop_name: "Atelier Fatou",
    phone_number: "+237 6 70 00 00 42", // the seller's wallet: the sandbox pays it
  });

  // the buyer, on a phone
  await buyOnPhone(page, link.link, "10 500 FCFA", async (buyer) => {
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await buyer.screenshot({ path: "e2e/.artifacts/dashboard/money-00-sale-receipt-375.png", fullPage: true });
  });

  // the owner: the sale's fee and the seller's payout, which the sandbox completes
  await page.goto(`/dashboard/marketplace-links/${link.id}`);
  const sale = page.getByTestId("transaction").first();
  await expect(sale).toContainText("Réussi", { timeout: 20_000 });
  await expect(sale.getByTestId("owner-fee")).toHaveText("500 FCFA");
  await expect(sale.getByTestId("seller-payout")).toContainText("10 000 FCFA");
  await expect(sale.getByTestId("seller-payout")).toContainText("Réussi", { timeout: 30_000 });
  await checkPage(page, "money-01-sale-payout");

  // the balance: the fee is the owner's (no hold in test mode); nothing is owed to the seller any more
  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("balance-available")).toContainText("500 FCFA");
  await expect(page.getByTestId("balance-sellers")).toContainText("0 FCFA");
  await expect(page.getByTestId("movement").filter({ hasText: "Vente marketplace" }).first()).toContainText("+500 FCFA");
  await checkPage(page, "money-02-balance-after-sale");
});

test("a refund from the dashboard: part of a payment, confirmed, then what remains", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Marché Bio");
  const trackId = await paidLink(page, 5000);

  await page.goto(`/dashboard/deposits?track_id=${trackId}`);
  const card = page.getByRole("region", { name: `Dépôt ${trackId}` });
  await expect(card).toContainText("Réussi", { timeout: 15_000 });
  await expect(card.getByTestId("refund-remaining")).toHaveText("Reste à rembourser : 5 000 FCFA");
  await card.getByRole("button", { name: "Rembourser" }).click();
  const dialog = page.getByRole("dialog", { name: "Rembourser ce paiement" });
  await dialog.getByLabel("Une partie").check();
  await dialog.getByLabel("Montant à rembourser (XAF)").fill("6000");
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(dialog.getByLabel("Montant à rembourser (XAF)")).toHaveAccessibleDescription(/Entrez un montant de plus de 0, au plus 5\s000\sFCFA\./);
  await dialog.getByLabel("Montant à rembourser (XAF)").fill("2000");
  await dialog.getByLabel("Note (facultatif)").fill("Un fruit abîmé");
  await checkPage(page, "money-03-refund-form");
  await dialog.getByRole("button", { name: "Continuer" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirmer le remboursement" });
  await expect(confirm.getByTestId("refund-summary")).toHaveText("2 000 FCFA seront renvoyés au +237670000042. Un remboursement envoyé ne peut pas être annulé.");
  await checkPage(page, "money-04-refund-confirm");
  await confirm.getByRole("button", { name: "Rembourser 2 000 FCFA" }).click();
  await expect(page.getByRole("status").getByText("Remboursement demandé")).toBeVisible();
  await expect(confirm).toBeHidden();

  const refund = card.getByTestId("refund");
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText("2 000 FCFA");
  await expect(refund).toContainText("Un fruit abîmé");
  await expect(refund).toContainText("Réussi", { timeout: 30_000 });
  await expect(card.getByTestId("refund-remaining")).toHaveText("Reste à rembourser : 3 000 FCFA");
  await checkPage(page, "money-05-refunded");

  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("balance-available")).toContainText("3 000 FCFA");
  await expect(page.getByTestId("movement").filter({ hasText: "Remboursement" }).first()).toContainText("-2 000 FCFA");
});

test("a withdrawal: the available balance to the merchant's phone, after a confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Boutique Kemi");
  await page.goto("/dashboard/balance");
  await expect(page.getByRole("button", { name: "Retirer" })).toBeDisabled();
  await expect(page.getByText("Aucun solde disponible à retirer pour l'instant.")).toBeVisible();
  await expect(page.getByText("Aucun mouvement pour l'instant")).toBeVisible();
  await checkPage(page, "money-06-balance-empty");

  await paidLink(page, 7500);
  await page.reload();
  await expect(page.getByTestId("balance-available")).toContainText("7 500 FCFA");
  await expect(page.getByTestId("movement").filter({ hasText: "Paiement" }).first()).toContainText("+7 500 FCFA");
  await checkPage(page, "money-07-balance-paid");

  await page.getByRole("button", { name: "Retirer" }).click();
  const dialog = page.getByRole("dialog", { name: "Retirer vers votre mobile money" });
  await dialog.getByLabel("Votre numéro mobile money").fill("6 70 00 00 77");
  await dialog.getByLabel("Montant (XAF)").fill("9000");
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(dialog.getByLabel("Montant (XAF)")).toHaveAccessibleDescription(/Entrez un montant de plus de 0, au plus 7\s500\sFCFA\./);
  await dialog.getByRole("button", { name: "Tout retirer" }).click();
  await expect(dialog.getByLabel("Montant (XAF)")).toHaveValue("7500");
  await checkPage(page, "money-08-withdraw-form");
  await dialog.getByRole("button", { name: "Continuer" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirmer le retrait" });
  await expect(confirm.getByTestId("withdraw-summary")).toHaveText("7 500 FCFA seront envoyés au +237670000077 (MTN). Un retrait envoyé ne peut pas être annulé.");
  await checkPage(page, "money-09-withdraw-confirm");
  await confirm.getByRole("button", { name: "Retirer 7 500 FCFA" }).click();
  await expect(page.getByRole("status").getByText("Retrait demandé")).toBeVisible();

  const withdrawal = page.getByTestId("withdrawal");
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText("7 500 FCFA");
  await expect(withdrawal).toContainText("Réussi", { timeout: 30_000 });
  await expect(page.getByTestId("balance-available")).toContainText("0 FCFA");
  await expect(page.getByRole("button", { name: "Retirer" })).toBeDisabled();
  await checkPage(page, "money-10-withdrawn");
});
