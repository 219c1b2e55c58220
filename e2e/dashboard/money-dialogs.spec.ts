// The money dialogs do not trap the merchant, on a phone (375 × 812): a refund and a withdrawal
// refused for want of balance, « Modifier », a corrected amount, accepted. Each attempt's
// Idempotency-Key is read off its request: new values, a new key (one key per dialog answered the
// corrected amount « déjà envoyée avec d'autres valeurs »); the same values after a network failure,
// the same key. Before confirming, each dialog says what is available and what it takes from whom:
// shots at 375 px and 1440 px, axe at both (e2e/.artifacts/dashboard/money-dialogs-*).
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { buyOnPhone, expectAccessible, payLink, PHONE, sessionPost, signUp } from "./support";

test.use({ viewport: PHONE });

const WIDE = { width: 1440, height: 900 };
const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");

/** The page as it is now at 375 px and at 1440 px, axe at both; then the phone again. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, tag] of [[PHONE, "375"], [WIDE, "1440"]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `money-dialogs-${name}-${tag}.png`), fullPage: true });
    await expectAccessible(page, `${name} (${tag})`);
  }
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width at 375 px`).toBeLessThanOrEqual(PHONE.width);
}

/** The Idempotency-Key of every POST the page sends to `pathname`, in order (aborted ones included). */
function keysSentTo(page: Page, pathname: string): string[] {
  const keys: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === pathname) keys.push(request.headers()["idempotency-key"] ?? "(none)");
  });
  return keys;
}

const statusOf = async (page: Page, trackId: string) =>
  ((await (await page.request.get(`/api/checkout/status/${trackId}`)).json()) as { status: string }).status;

test("a marketplace refund refused for want of balance, « Modifier », a smaller amount, accepted", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page, "Marché Awa");
  const created = await page.request.post("/v1/api/marketplace", { headers: { origin: baseURL!, "kola-mode": "test" }, multipart: { name: "Marché Awa", fee: "5", is_active: "true" } });
  expect(created.status(), await created.text()).toBe(200);
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/api/marketplace/gateway", {
    amount: 10000,
    shop_name: "Atelier Fatou",
    phone_number: "+237 6 70 00 00 42", // the seller's wallet: the sandbox pays it
  });
  const trackId = await buyOnPhone(page, link.link, "10 500 FCFA");
  // no payout hold: the seller is paid out at once, so its share can no longer be taken back, and
  // the merchant's available balance is its 500 FCFA fee
  await expect
    .poll(async () => {
      const payouts = (await (await page.request.get("/v1/payouts", { params: { kind: "seller", marketplace_gateway_id: link.id } })).json()) as { status: string }[];
      return payouts.map((p) => p.status);
    }, { timeout: 30_000 })
    .toEqual(["success"]);

  const keys = keysSentTo(page, "/v1/refunds");
  await page.goto(`/dashboard/payments/${trackId}`);
  await page.getByRole("button", { name: "Rembourser" }).click();
  const dialog = page.getByRole("dialog", { name: "Rembourser ce paiement" });
  await expect(dialog.getByTestId("refund-available")).toHaveText(/^Votre solde disponible : 500\sFCFA$/);
  const whoPays = dialog.getByTestId("who-pays");
  await expect(whoPays.getByLabel("La reprendre au vendeur")).toBeDisabled();
  await whoPays.getByLabel("La débiter du vendeur").check();
  // amounts taken from each party: the 10 000 FCFA the seller's balance pays, the merchant advances
  await expect(whoPays.getByTestId("pays-debit_seller")).toHaveText(
    /^Pris sur votre solde : 10\s500\sFCFA, dont 10\s000\sFCFA avancés pour le vendeur\s*Repris ensuite sur le vendeur : 10\s000\sFCFA$/,
  );
  await shoot(page, "01-refund-form");
  await dialog.getByRole("button", { name: "Continuer" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirmer le remboursement" });
  await expect(confirm.getByTestId("takes-available")).toHaveText(/^Votre solde disponible\s*500\sFCFA$/);
  await expect(confirm.getByTestId("takes-you")).toHaveText(/^Pris sur votre solde\s*dont 10\s000\sFCFA avancés pour le vendeur\s*10\s500\sFCFA$/);
  await expect(confirm.getByTestId("takes-seller")).toHaveText(/^Repris ensuite sur le vendeur\s*10\s000\sFCFA$/);
  await expect(confirm.getByTestId("takes-short")).toBeVisible();
  await shoot(page, "02-refund-confirm-short");
  await confirm.getByRole("button", { name: "Rembourser 10 500 FCFA" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Votre solde disponible ne couvre pas ce montant.");
  await expect(confirm.getByTestId("takes-short")).toBeHidden(); // the refusal says it: not twice

  // « Modifier », a smaller amount: a new request, accepted
  await confirm.getByRole("button", { name: "Modifier" }).click();
  await dialog.getByLabel("Une partie").check();
  await dialog.getByLabel("Montant à rembourser (XAF)").fill("500");
  await expect(whoPays.getByTestId("pays-debit_seller")).toHaveText(/^Pris sur votre solde : 500\sFCFA, dont 476\sFCFA avancés pour le vendeur\s*Repris ensuite sur le vendeur : 476\sFCFA$/);
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(confirm.getByTestId("takes-you")).toHaveText(/^Pris sur votre solde\s*dont 476\sFCFA avancés pour le vendeur\s*500\sFCFA$/);
  await expect(confirm.getByTestId("takes-short")).toBeHidden();
  await expect(confirm.getByRole("alert")).toBeHidden();
  await shoot(page, "03-refund-confirm-corrected");
  await confirm.getByRole("button", { name: "Rembourser 500 FCFA" }).click();
  await expect(page.getByRole("status").getByText("Remboursement demandé")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("refund")).toHaveCount(1);
  await expect(page.getByTestId("refund")).toContainText("500 FCFA");

  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
});

test("a withdrawal refused for want of balance (the same key after a network failure), « Modifier », accepted", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Boutique Kemi");
  const payment = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 7500, shop_name: "Panier de fruits" });
  const trackId = await payLink(page, payment.link, "670000042");
  await expect.poll(() => statusOf(page, trackId), { timeout: 20_000 }).toBe("success");

  const keys = keysSentTo(page, "/v1/payouts");
  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("balance-available")).toContainText("7 500 FCFA");
  await page.getByRole("button", { name: "Retirer" }).click();
  const dialog = page.getByRole("dialog", { name: "Retirer vers votre mobile money" });
  await dialog.getByLabel("Votre numéro mobile money").fill("6 70 00 00 77");
  await dialog.getByRole("button", { name: "Tout retirer" }).click();
  await dialog.getByRole("button", { name: "Continuer" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirmer le retrait" });
  await expect(confirm.getByTestId("takes-available")).toHaveText(/^Votre solde disponible\s*7\s500\sFCFA$/);
  await expect(confirm.getByTestId("takes-you")).toHaveText(/^Pris sur votre solde\s*7\s500\sFCFA$/);
  await expect(confirm.getByTestId("takes-short")).toBeHidden();
  await shoot(page, "04-withdraw-confirm");

  // meanwhile 5 000 FCFA leave the balance (another device), and the first try meets a network failure
  await sessionPost(page, "/v1/payouts", { amount: 5000, currency: "XAF", operator: "MTN_MOMO_CMR", phone_number: "237670000077" });
  let failed = false;
  await page.route(
    (url) => url.pathname === "/v1/payouts",
    (route) => {
      if (route.request().method() !== "POST" || failed) return route.fallback();
      failed = true;
      return route.abort("internetdisconnected");
    },
  );
  await confirm.getByRole("button", { name: "Retirer 7 500 FCFA" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Connexion impossible. Vérifiez votre réseau et réessayez.");
  // the same values again: the same key (had the first reached the server, it would only be replayed)
  await confirm.getByRole("button", { name: "Retirer 7 500 FCFA" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Votre solde disponible ne couvre pas ce montant.");
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // the balance is read again after the refusal: the merchant corrects against what is there now
  await expect(confirm.getByTestId("takes-available")).toHaveText(/^Votre solde disponible\s*2\s500\sFCFA$/);
  await expect(confirm.getByTestId("takes-short")).toBeHidden(); // the refusal says it: not twice
  await shoot(page, "05-withdraw-refused");

  await confirm.getByRole("button", { name: "Modifier" }).click();
  await expect(dialog.getByLabel("Montant (XAF)")).toHaveAccessibleDescription(/Disponible : 2\s500\sFCFA\./);
  await dialog.getByRole("button", { name: "Tout retirer" }).click();
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(confirm.getByTestId("takes-you")).toHaveText(/^Pris sur votre solde\s*2\s500\sFCFA$/);
  await expect(confirm.getByTestId("takes-short")).toBeHidden();
  await confirm.getByRole("button", { name: "Retirer 2 500 FCFA" }).click();
  await expect(page.getByRole("status").getByText("Retrait demandé")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("withdrawal")).toHaveCount(2);

  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});
