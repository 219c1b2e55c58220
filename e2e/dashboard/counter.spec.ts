// The counter screen (« Encaisser », where a merchant asks a buyer's phone to pay), as a cashier lives it on a phone (375×812) and as it
// looks on a desktop (1440×900): an owner invites a cashier, who types 2 500 on the keypad and a
// sandbox number that pays (test mode: …00 pays, 01 insufficient funds, 02 refused, 03 never
// answers); the sale turns « Payé » without a reload; a refused number says why, « Renvoyer » and
// « Changer d'opérateur » send it again; offline, the page opens from its service worker, keeps the
// sale typed and sends it once when the network is back. Screenshots in e2e/.artifacts/dashboard/counter/.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { checkBoth, mailLink, PHONE } from "./mail";
import { signUpThrough, uniqueEmail } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "counter");
const origin = () => new URL(process.env.KOLA_E2E_BASE_URL!).origin;

type Team = { owner: Page; cashier: Page; cashierName: string; contexts: BrowserContext[] };

/** An owner signed up, who invites a cashier; the cashier accepts the mailed invitation and is signed in on a phone. */
async function ownerAndCashier(browser: Browser): Promise<Team> {
  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", extraHTTPHeaders: asClient() });
  const owner = await ownerContext.newPage();
  await signUpThrough(owner.request, "Boutique Awa");
  const cashierEmail = uniqueEmail("cashier");
  const invited = await owner.request.post("/v1/invitations", { headers: { origin: origin(), "kola-mode": "test" }, data: { email: cashierEmail, role: "cashier" } });
  expect(invited.status(), await invited.text()).toBe(200);
  const link = await mailLink(owner.request, cashierEmail, "/invitation");
  const cashierContext = await browser.newContext({ viewport: PHONE, locale: "fr-FR", isMobile: true, hasTouch: true, extraHTTPHeaders: asClient() });
  const cashier = await cashierContext.newPage();
  const cashierName = "Fatou Caisse";
  const accepted = await cashier.request.post("/api/auth/invitations/accept", {
    headers: { origin: origin() },
    data: { token: new URL(link).searchParams.get("token"), password: "e2e-password-1234", name: cashierName },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { owner, cashier, cashierName, contexts: [ownerContext, cashierContext] };
}

/** Types an amount on the keypad, key by key, as a thumb does. */
async function typeAmount(page: Page, keys: string[]) {
  const keypad = page.getByRole("group", { name: "Pavé numérique" });
  for (const key of keys) await keypad.getByRole("button", { name: key, exact: true }).click();
}

const shoot = (page: Page, name: string) => checkBoth(page, name, SHOTS);

/** The smallest phones the counter is made for: nothing wider than 320 px; a shot to look at. */
async function at320(page: Page, name: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 320 px`).toBeLessThanOrEqual(320);
  await page.screenshot({ path: path.join(SHOTS, `${name}-320.png`), fullPage: true });
}

/** Back to the phone's size after checkBoth (which ends at 1440). */
async function onPhone(page: Page) {
  await page.setViewportSize(PHONE);
}

test("a cashier collects 2 500 FCFA: waiting, then paid without a reload; the owner sees who collected", async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, cashier, cashierName, contexts } = await ownerAndCashier(browser);
  await cashier.goto("/dashboard/counter");
  await expect(cashier.getByRole("heading", { level: 1, name: "Encaisser" })).toBeVisible();
  await expect(cashier.getByTestId("today-total")).toContainText("0 FCFA");
  await shoot(cashier, "empty");
  await onPhone(cashier);

  // the largest amount fits a 320 px phone, whole
  await cashier.setViewportSize({ width: 320, height: 640 });
  await typeAmount(cashier, ["1", "000", "000", "0", "0"]);
  const amount = cashier.getByTestId("amount");
  await expect(amount).toHaveText(/^10\s000\s000\sFCFA$/);
  expect(await amount.evaluate((output) => output.scrollWidth <= output.clientWidth), "10 000 000 FCFA is not cut at 320 px").toBe(true);
  await cashier.screenshot({ path: path.join(SHOTS, "largest-320.png") });
  for (let i = 0; i < 8; i++) await cashier.getByRole("button", { name: "Effacer le dernier chiffre" }).click();
  await onPhone(cashier);

  await typeAmount(cashier, ["2", "5", "00"]);
  await expect(cashier.getByTestId("amount")).toHaveText(/^2\s500\sFCFA$/);
  await cashier.getByLabel("Numéro du client").fill("6 70 11 22 00");
  // 67…: MTN's range, for certain in Cameroon (no portability): told as typed
  await expect(cashier.getByRole("radio", { name: "MTN" })).toBeChecked();
  await expect(cashier.getByText("Détecté d'après le numéro : MTN.")).toBeVisible();
  await shoot(cashier, "typed");
  await at320(cashier, "typed");
  await onPhone(cashier);

  await cashier.getByRole("button", { name: "Demander le paiement" }).click();
  const pending = cashier.locator('[data-state="pending"]');
  await expect(pending).toBeVisible();
  await expect(pending).toContainText("En attente du code secret du client…");
  await expect(pending).toContainText("+237 •••••••00");
  await shoot(cashier, "waiting").catch(() => undefined); // the sandbox may answer while the shots are taken

  // paid, announced by the status long-poll: no reload
  const paid = cashier.locator('[data-state="paid"]');
  await expect(paid).toBeVisible({ timeout: 20_000 });
  await expect(paid.getByRole("heading", { name: "Payé" })).toBeVisible();
  await expect(paid).toContainText(/2\s500\sFCFA/);
  // the receipt code, which anyone can check at /r/{code} before handing over the goods
  const code = paid.getByTestId("receipt-code");
  await expect(code).toHaveText(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  const check = await cashier.context().newPage();
  await check.goto(`/r/${await code.textContent()}`);
  await expect(check.locator("body")).toContainText(/2\s500\sFCFA/);
  await expect(check.locator("body")).toContainText("Paiement de TEST");
  await expect(check.locator("body")).not.toContainText("70 11 22 00");
  await check.screenshot({ path: path.join(SHOTS, "receipt-check-375.png"), fullPage: true });
  await check.close();
  // today's list and total, updated by the summary's long-poll
  const today = cashier.getByRole("list", { name: "Ventes du jour" });
  await expect(today.getByRole("listitem")).toHaveCount(1);
  await expect(today.getByRole("listitem").first()).toContainText("Payé");
  await expect(cashier.getByTestId("today-total")).toContainText(/2\s500\sFCFA/);
  await expect(cashier.getByTestId("today-total")).toContainText("1 vente payée");
  await shoot(cashier, "paid");
  await onPhone(cashier);

  await cashier.getByRole("button", { name: "Nouvelle vente" }).click();
  await expect(cashier.getByTestId("amount")).toHaveText(/^0\sFCFA$/);

  // the owner: « Encaisser » in the navigation, and who collected each sale
  await owner.goto("/dashboard/counter");
  await expect(owner.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Encaisser" })).toHaveAttribute("aria-current", "page");
  const sale = owner.getByRole("list", { name: "Ventes du jour" }).getByRole("listitem").first();
  await expect(sale).toContainText(cashierName);
  await expect(sale).toContainText("Payé");
  await shoot(owner, "owner");
  for (const context of contexts) await context.close();
});

test("a refused payment says why; « Renvoyer » and « Changer d'opérateur » send it again", async ({ browser }) => {
  test.setTimeout(180_000);
  const { cashier, contexts } = await ownerAndCashier(browser);
  await cashier.goto("/dashboard/counter");
  await typeAmount(cashier, ["1", "000"]);
  // 655…: Orange's by the numbering plan, not for certain: another operator may be chosen
  await cashier.getByLabel("Numéro du client").fill("6 55 11 22 02");
  await expect(cashier.getByRole("radio", { name: "Orange" })).toBeChecked();
  await expect(cashier.getByText("Probablement Orange : vérifiez avec le client.")).toBeVisible();
  await cashier.getByRole("button", { name: "Demander le paiement" }).click();

  const failed = cashier.locator('[data-state="failed"]');
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByRole("heading", { name: "Paiement échoué" })).toBeVisible();
  await expect(failed.getByTestId("failure-reason")).toHaveText("Le client a refusé la demande sur son téléphone.");
  await shoot(cashier, "failed");
  await onPhone(cashier);

  // Renvoyer: a new prompt, followed again (…02 refuses again)
  await failed.getByRole("button", { name: "Renvoyer" }).click();
  await expect(cashier.locator('[data-state="pending"]')).toBeVisible();
  await expect(cashier.locator('[data-state="pending"]')).toContainText("(Orange)");
  await expect(failed).toBeVisible({ timeout: 20_000 });

  // Changer d'opérateur: the same request, sent to MTN
  await failed.getByRole("button", { name: "Changer d'opérateur" }).click();
  await shoot(cashier, "change-operator");
  await onPhone(cashier);
  await failed.getByRole("button", { name: "MTN", exact: true }).click();
  await expect(cashier.locator('[data-state="pending"]')).toContainText("(MTN)");
  await expect(failed).toBeVisible({ timeout: 20_000 });

  // one request in the day's list, refused
  const today = cashier.getByRole("list", { name: "Ventes du jour" });
  await expect(today.getByRole("listitem")).toHaveCount(1);
  await expect(today.getByRole("listitem").first()).toContainText("Échoué");

  // insufficient funds, in words to repeat to the buyer
  await cashier.getByRole("button", { name: "Nouvelle vente" }).click();
  await typeAmount(cashier, ["5", "00"]);
  await cashier.getByLabel("Numéro du client").fill("6 70 11 22 01");
  await cashier.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(failed.getByTestId("failure-reason")).toHaveText(
    "Solde insuffisant : le client doit recharger son compte mobile money, ou payer avec un autre compte.",
    { timeout: 20_000 },
  );
  for (const context of contexts) await context.close();
});

test("offline, the counter opens from its service worker, keeps the sale typed and sends it once when the network is back", async ({ browser }) => {
  test.setTimeout(180_000);
  const { cashier, contexts } = await ownerAndCashier(browser);
  const context = cashier.context();
  await cashier.goto("/dashboard/counter");
  await expect(cashier.getByRole("button", { name: "Demander le paiement" })).toBeVisible();
  // the service worker controls the page and keeps its shell (the page and its static files)
  await expect
    .poll(
      () =>
        cashier.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return "not controlled yet";
          const keys = (await (await caches.open("kola-counter-v1")).keys()).map((k) => new URL(k.url).pathname);
          return keys.includes("/dashboard/counter") && keys.some((k) => k.startsWith("/_next/static/")) ? "kept" : keys.join(" ");
        }),
      { timeout: 20_000 },
    )
    .toBe("kept");
  await context.setOffline(true);
  await expect(cashier.getByTestId("offline")).toContainText("Vous pouvez taper la vente");
  await typeAmount(cashier, ["3", "000"]);
  await cashier.getByLabel("Numéro du client").fill("6 70 33 44 00");
  await cashier.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(cashier.getByTestId("offline")).toContainText("Hors connexion — la vente sera envoyée quand le réseau reviendra");

  // the page opened again without a network: from the service worker, the sale still there
  await cashier.reload();
  await expect(cashier.getByRole("heading", { level: 1, name: "Encaisser" })).toBeVisible();
  await expect(cashier.getByTestId("offline")).toContainText("Hors connexion — la vente sera envoyée quand le réseau reviendra");
  await expect(cashier.getByTestId("offline")).toContainText(/3\s000\sFCFA au \+237\s•••••••00/);
  await expect(cashier.getByTestId("amount")).toHaveText(/^3\s000\sFCFA$/);
  await expect(cashier.getByLabel("Numéro du client")).toHaveValue("6 70 33 44 00");
  await expect(cashier.getByRole("list", { name: "Ventes du jour" })).toHaveCount(0);
  await expect(cashier.getByText("Les ventes du jour s'afficheront au retour du réseau.")).toBeVisible();
  await cashier.evaluate(() => window.scrollTo(0, 0)); // the reload kept the scroll: the shots start at the top
  await shoot(cashier, "offline");
  await onPhone(cashier);

  // the network is back: the sale leaves by itself, under the key it was typed with
  await context.setOffline(false);
  await expect(cashier.locator('[data-state="paid"]')).toBeVisible({ timeout: 30_000 });
  const today = cashier.getByRole("list", { name: "Ventes du jour" });
  await expect(today.getByRole("listitem")).toHaveCount(1);
  await expect(today.getByRole("listitem").first()).toContainText(/3\s000\sFCFA/);
  await expect(cashier.getByTestId("offline")).toHaveCount(0);
  for (const c of contexts) await c.close();
});

test("an operator served only by a redirect provider: the QR code and the link to hand over, then cancelled", async ({ browser }) => {
  test.setTimeout(120_000);
  const { cashier, contexts } = await ownerAndCashier(browser);
  // live mode (e2e/global-setup.ts): Orange Cameroon is closed at pawaPay and goes to CinetPay, a redirect provider
  await cashier.context().addCookies([{ name: "kola_mode", value: "live", url: origin() }]);
  await cashier.goto("/dashboard/counter");
  await typeAmount(cashier, ["1", "5", "00"]);
  await cashier.getByLabel("Numéro du client").fill("6 99 11 22 00");
  await expect(cashier.getByRole("radio", { name: "Orange" })).toBeChecked();
  await cashier.getByRole("button", { name: "Demander le paiement" }).click();

  const card = cashier.locator('[data-state="link"]');
  await expect(card.getByRole("heading", { name: "Cet opérateur ne permet pas la demande directe : montrez ce QR code ou envoyez le lien" })).toBeVisible();
  const qr = card.getByRole("img", { name: /^QR code du lien de paiement de 1\s500\sFCFA$/ });
  await expect(qr).toHaveAttribute("src", /\/p\/[a-z0-9]{8}\/qr\.png$/);
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const payUrl = (await card.locator("p.font-mono").textContent())!;
  expect(payUrl).toMatch(/\/p\/[a-z0-9]{8}$/);
  const message = `Payez 1\u202f500\u00a0FCFA à Boutique Awa : ${payUrl}`;
  await expect(card.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", `https://wa.me/?text=${encodeURIComponent(message)}`);
  await expect(card.getByRole("link", { name: "SMS" })).toHaveAttribute("href", `sms:?body=${encodeURIComponent(message)}`);
  await expect(card.getByRole("button", { name: "Copier le lien" })).toBeVisible();
  await shoot(cashier, "link");
  await at320(cashier, "link");
  await onPhone(cashier);

  await card.getByRole("button", { name: "Annuler la vente" }).click();
  await expect(cashier.locator('[data-state="cancelled"]').getByRole("heading", { name: "Vente annulée" })).toBeVisible();
  await expect(cashier.getByRole("list", { name: "Ventes du jour" }).getByRole("listitem").first()).toContainText("Annulé");
  for (const context of contexts) await context.close();
});
