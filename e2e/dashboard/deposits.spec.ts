// A link paid in the hosted checkout (sandbox): its attempts on the link's page, the deposit
// looked up by track_id, the overview's figures.
import { expect, test } from "../fixtures";
import { checkPage, payLink, sessionPost, signUp } from "./support";

test("pay a link in the checkout, follow it on the link's page, look its deposit up by track_id", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "Marché Bio");
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 12500, shop_name: "Panier de fruits" });

  const failedTrack = await payLink(page, link.link, "670000001"); // …01: insufficient funds
  // one attempt at a time on a link (DESIGN §3): the next buyer pays once this one has failed
  await expect
    .poll(async () => ((await (await page.request.get(`/api/checkout/status/${failedTrack}`)).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe("failed");
  const paidTrack = await payLink(page, link.link, "670000042"); // anything else: success

  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByRole("heading", { name: "Panier de fruits" })).toBeVisible();
  const attempts = page.getByRole("group", { name: "Tentatives de paiement" });
  await expect(attempts.getByRole("row").filter({ hasText: paidTrack })).toContainText("Réussi", { timeout: 20_000 });
  await expect(attempts.getByRole("row").filter({ hasText: failedTrack })).toContainText("Échoué", { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Panier de fruits" }).locator("..")).toContainText("Payé");
  await checkPage(page, "30-link-detail-paid");

  await page.goto("/dashboard/deposits");
  await expect(page.getByRole("heading", { name: "Dépôts", exact: true })).toBeVisible();
  await page.getByLabel("Numéro de suivi").fill("TRKUNKNOWN");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByText("Aucun dépôt avec ce numéro de suivi dans ce mode.")).toBeVisible();

  await page.getByLabel("Numéro de suivi").fill(paidTrack);
  await page.getByRole("button", { name: "Rechercher" }).click();
  const card = page.getByRole("region", { name: `Dépôt ${paidTrack}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Réussi");
  await expect(card).toContainText("12 500 FCFA");
  await expect(card).toContainText("+237 67••••042"); // masked
  await expect(card).not.toContainText("670000042");
  await expect(card).toContainText("MTN");
  await expect(card).toContainText("Cameroun");
  await checkPage(page, "31-deposit-card");

  await page.goto("/dashboard");
  await expect(page.getByText("12 500 FCFA").first()).toBeVisible();
  const figures = page.locator("dl").first();
  await expect(figures).toContainText("Paiements réussis1");
  await expect(figures).toContainText("50 %");
  // the chart says every day of the period to screen readers: a header row and 30 days
  await expect(page.getByRole("table", { name: "Détail par jour" }).getByRole("row")).toHaveCount(31);
  await checkPage(page, "32-overview");
  // from the overview's latest payments, a track_id opens the payment's page
  await page.getByRole("link", { name: failedTrack }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Paiement ${failedTrack}`);
  await expect(page.getByText("Échoué").first()).toBeVisible();
});
