// Typed amounts, the first visit's language and payout numbers as a merchant meets them, at 375×812 and 1440, in French and English:
// « 5.000 » is five thousand in the new link's amount (and an unreadable amount says how to write
// it); an English browser lands on the English sign-up (a French one on the French, the cookie
// wins once set); Orange chosen for an MTN number (67…) is refused with a clear message, then a
// number saved and picked for the next withdrawal. axe on each screen; screenshots in
// e2e/.artifacts/dashboard/input/.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { payLink, sessionPost, signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "input");
const SIZES = [
  { name: "375", width: 375, height: 812 },
  { name: "1440", width: 1440, height: 900 },
] as const;

const words = {
  fr: {
    locale: "fr-FR",
    accept: "fr-FR,fr;q=0.9",
    newLink: "Nouveau lien",
    newLinkTitle: "Nouveau lien de paiement",
    amount: "Montant (XAF)",
    shopName: "Nom affiché au client",
    create: "Créer",
    unreadable: "cinq mille",
    hint: /Écrivez le montant en chiffres, par exemple 5\s000\./,
    shared: "Lien créé : envoyez-le à votre client",
    signupTitle: "Créer un compte",
    withdraw: "Retirer",
    withdrawTitle: "Retirer vers votre mobile money",
    phone: "Votre numéro mobile money",
    withdrawAmount: "Montant (XAF)",
    review: "Continuer",
    confirmTitle: "Confirmer le retrait",
    confirm: /^Retirer /,
    mismatch: "Ce numéro est un numéro MTN : choisissez « MTN (Cameroun) » ou un numéro Orange.",
    save: "Enregistrer ce numéro pour les prochains retraits",
    label: "Nom du numéro (facultatif)",
    saved: "Numéro enregistré",
    savedOption: "Mon MTN · MTN · +237 ••42",
  },
  en: {
    locale: "en-US",
    accept: "en-US,en;q=0.9",
    newLink: "New link",
    newLinkTitle: "New payment link",
    amount: "Amount (XAF)",
    shopName: "Name shown to the customer",
    create: "Create",
    unreadable: "five thousand",
    hint: /Write the amount in figures, for example 5,000\./,
    shared: "Link created: send it to your customer",
    signupTitle: "Create an account",
    withdraw: "Withdraw",
    withdrawTitle: "Withdraw to your mobile money",
    phone: "Your mobile-money number",
    withdrawAmount: "Amount (XAF)",
    review: "Continue",
    confirmTitle: "Confirm the withdrawal",
    confirm: /^Withdraw /,
    mismatch: "This number is on the MTN network: choose “MTN (Cameroon)”, or give a number for Orange.",
    save: "Save this number for next withdrawals",
    label: "Name of the number (optional)",
    saved: "Saved number",
    savedOption: "Mon MTN · MTN · +237 ••42",
  },
} as const;

async function setLang(page: Page, lang: "fr" | "en") {
  const url = new URL(process.env.KOLA_E2E_BASE_URL!);
  await page.context().addCookies([{ name: "kola_lang", value: lang, domain: url.hostname, path: "/" }]);
}

/** A screenshot, no axe violation, nothing wider than the window. */
async function look(page: Page, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`), `axe on ${name}`).toEqual([]);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(width);
}

for (const lang of ["fr", "en"] as const) {
  const w = words[lang];
  for (const size of SIZES) {
    const tag = `${lang}-${size.name}`;

    test(`${tag}: « 5.000 » is five thousand in the new link's amount; an unreadable amount says how to write it`, async ({ page }) => {
      await signUp(page, "Boutique Mama Ngono");
      await setLang(page, lang);
      await page.setViewportSize(size);
      await page.goto("/dashboard/links");
      await page.getByRole("button", { name: w.newLink }).first().click();
      const dialog = page.getByRole("dialog", { name: w.newLinkTitle });
      await dialog.getByLabel(w.amount).fill(w.unreadable);
      await dialog.getByLabel(w.shopName).fill("Pagne wax");
      await dialog.getByRole("button", { name: w.create }).click();
      await expect(dialog.getByText(w.hint)).toBeVisible();
      await look(page, `${tag}-01-amount-hint`);

      await dialog.getByLabel(w.amount).fill("5.000");
      await dialog.getByRole("button", { name: w.create }).click();
      await expect(page.getByRole("dialog", { name: w.shared })).toBeVisible();
      const [link] = (await (await page.request.get("/v1/gateway")).json()) as { amount: number; shop_name: string }[];
      expect(link).toMatchObject({ amount: 5000, shop_name: "Pagne wax" });
      await look(page, `${tag}-02-amount-5000-created`);
    });

    test(`${tag}: the browser's language picks the sign-up's; the merchant's cookie wins once set`, async ({ browser }) => {
      const context = await browser.newContext({ locale: w.locale, extraHTTPHeaders: { "accept-language": w.accept }, viewport: size });
      const page = await context.newPage();
      await page.goto("/signup");
      await expect(page.getByRole("heading", { name: w.signupTitle })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await look(page, `${tag}-03-signup-by-browser`);
      // the other language chosen (the cookie the switch sets): it wins over the browser
      const other = lang === "fr" ? "en" : "fr";
      await setLang(page, other);
      await page.reload();
      await expect(page.getByRole("heading", { name: words[other].signupTitle })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await context.close();
    });

    test(`${tag}: Orange chosen for an MTN number is refused; a saved number is picked for the next withdrawal`, async ({ page }) => {
      test.setTimeout(300_000); // a guard against hangs on a machine shared by several runs, not a speed target
      await signUp(page, "Boutique Kemi");
      const payment = await sessionPost<{ link: string }>(page, "/v1/gateway", { amount: 7500, shop_name: "Panier de fruits" });
      await payLink(page, payment.link, "670000042");
      const available = async () => ((await (await page.request.get("/v1/balance")).json()) as { available: { amount: number }[] }).available[0]?.amount ?? 0;
      await expect.poll(available, { timeout: 30_000 }).toBe(7500);
      await setLang(page, lang);
      await page.setViewportSize(size);
      await page.goto("/dashboard/balance");

      await page.getByRole("button", { name: w.withdraw, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: w.withdrawTitle });
      await dialog.getByRole("combobox").first().selectOption("ORANGE_MONEY_CMR");
      await dialog.getByLabel(w.phone).fill("6 77 00 00 42");
      await dialog.getByLabel(w.withdrawAmount).fill("2.000");
      await dialog.getByRole("button", { name: w.review }).click();
      await expect(dialog.getByText(w.mismatch)).toBeVisible();
      await look(page, `${tag}-04-withdraw-orange-on-mtn-refused`);

      // MTN, the number saved for next time
      await dialog.getByRole("combobox").first().selectOption("MTN_MOMO_CMR");
      await dialog.getByLabel(w.save).check();
      await dialog.getByLabel(w.label).fill("Mon MTN");
      await look(page, `${tag}-05-withdraw-save-number`);
      await dialog.getByRole("button", { name: w.review }).click();
      const confirm = page.getByRole("dialog", { name: w.confirmTitle });
      await confirm.getByRole("button", { name: w.confirm }).click();
      await expect(confirm).toBeHidden();
      await expect.poll(async () => ((await (await page.request.get("/v1/payout-numbers")).json()) as unknown[]).length).toBe(1);

      // the next withdrawal offers it, masked; picked, the money goes to it
      await page.getByRole("button", { name: w.withdraw, exact: true }).click();
      const again = page.getByRole("dialog", { name: w.withdrawTitle });
      const saved = again.getByLabel(w.saved);
      await expect(saved.locator("option:checked")).toHaveText(w.savedOption);
      await expect(again.getByLabel(w.phone)).toBeHidden();
      await again.getByLabel(w.withdrawAmount).fill("1 000 FCFA");
      await look(page, `${tag}-06-withdraw-saved-number`);
      await again.getByRole("button", { name: w.review }).click();
      const confirmed = page.getByRole("dialog", { name: w.confirmTitle });
      await expect(confirmed.getByTestId("withdraw-summary")).toContainText("+237677000042");
      await confirmed.getByRole("button", { name: w.confirm }).click();
      await expect(confirmed).toBeHidden();
      const withdrawals = (await (await page.request.get("/v1/payouts?kind=withdrawal")).json()) as { amount: number; operator: string; phone_number: string }[];
      expect(withdrawals.map((p) => [p.amount, p.operator, p.phone_number])).toEqual([
        [1000, "MTN_MOMO_CMR", "237677000042"],
        [2000, "MTN_MOMO_CMR", "237677000042"],
      ]);
    });
  }
}
