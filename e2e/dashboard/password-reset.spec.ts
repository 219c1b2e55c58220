// Forgotten password: the log-in page's link, the mailed link read from the dev mailbox, a new
// password; every other session ends, the link works once.
import { asClient, expect, test } from "../fixtures";
import { checkBoth, mailLink } from "./mail";
import { signUp } from "./support";

test("forgot password: from the log-in page to the dashboard with a new password; old sessions end; the link works once", async ({ page, browser }) => {
  test.setTimeout(180_000); // a guard against hangs: it took 57 s alone and went past 120 s on a machine loaded by other work
  const merchant = await signUp(page, "Boutique Reset");
  // a second browser, signed in before the reset, is signed out by it
  const other = await browser.newContext({ baseURL: process.env.KOLA_E2E_BASE_URL, extraHTTPHeaders: asClient() });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await otherPage.getByLabel("Adresse e-mail").fill(merchant.email);
  await otherPage.getByLabel("Mot de passe").fill(merchant.password);
  await otherPage.getByRole("button", { name: "Se connecter" }).click();
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await page.goto("/login");
  await checkBoth(page, "reset-01-login-with-link");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle("Mot de passe oublié · Kola");
  await checkBoth(page, "reset-02-forgot");
  await page.getByLabel("Adresse e-mail").fill(merchant.email.toUpperCase());
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("heading", { name: "Vérifiez votre boîte mail" })).toBeVisible();
  await expect(page.getByText(`Si un compte existe pour ${merchant.email}, un lien vient d'y être envoyé.`, { exact: false })).toBeVisible();
  await checkBoth(page, "reset-03-sent");

  // an unknown address gets the very same page
  await page.goto("/forgot-password");
  await page.getByLabel("Adresse e-mail").fill("personne@kola.test");
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText("Si un compte existe pour personne@kola.test, un lien vient d'y être envoyé.", { exact: false })).toBeVisible();

  // the mail, read where a developer reads it, and its link followed by a click
  await page.goto("/dev/mail");
  const mail = page.locator(`[data-mail-to="${merchant.email}"]`).first();
  await expect(mail.getByRole("heading")).toHaveText("Réinitialiser votre mot de passe Kola / Reset your Kola password");
  await expect(page.locator('[data-mail-to="personne@kola.test"]')).toHaveCount(0);
  await checkBoth(page, "reset-04-dev-mailbox");
  const link = await mailLink(page.request, merchant.email, "/reset-password");
  await mail.getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Au moins 8 caractères.")).toBeVisible();
  await checkBoth(page, "reset-05-new-password");
  await page.getByLabel("Nouveau mot de passe").fill("a brand new password");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Boutique Reset").first()).toBeVisible();

  // the other browser's session ended with the reset
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/login$/);
  // the old password no longer opens the account; the new one does
  await otherPage.getByLabel("Adresse e-mail").fill(merchant.email);
  await otherPage.getByLabel("Mot de passe").fill(merchant.password);
  await otherPage.getByRole("button", { name: "Se connecter" }).click();
  await expect(otherPage.getByRole("alert").filter({ hasText: "E-mail ou mot de passe incorrect." })).toBeVisible();
  await otherPage.getByLabel("Mot de passe").fill("a brand new password");
  await otherPage.getByRole("button", { name: "Se connecter" }).click();
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  await other.close();

  // the link again: it says so as the page opens (no form to fill in first), and offers a new one
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByLabel("Nouveau mot de passe")).toHaveCount(0);
  await expect(page.getByText("Ce lien n'est plus valable (déjà utilisé, expiré ou incomplet). Demandez-en un nouveau.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toBeVisible();
  await checkBoth(page, "reset-06-link-used");
});
