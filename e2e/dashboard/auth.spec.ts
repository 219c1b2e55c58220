// Sign-up by a mailed link, then the overview's « create your first link » (a key only when asked for); log-out and log-in; the dashboard needs a session.
import { expect, test } from "../fixtures";
import { checkBoth, mailLink } from "./mail";
import { checkPage, expectAccessible, screenshots, uniqueEmail } from "./support";

test("the dashboard sends a visitor without a session to the log-in page", async ({ page }) => {
  await page.goto("/dashboard/links");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
  await expect(page).toHaveTitle("Connexion · Kola");
  await checkPage(page, "01-login");
});

test("sign up, confirm by the mailed link, land on the first-link screen, make a key under Développeurs, log out and log back in", async ({ page, request }) => {
  const email = uniqueEmail("signup");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Créer un compte" })).toBeVisible();

  // the API's own schema, in French, before anything is sent
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Ce champ est obligatoire.").first()).toBeVisible();
  await page.getByLabel("Mot de passe").fill("court");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Au moins 8 caractères.")).toBeVisible();
  await checkPage(page, "02-signup-errors");

  await page.getByLabel("Nom de votre entreprise").fill("Boutique Awa");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("e2e-password-1234");
  await page.getByLabel("Pays").selectOption("SEN");
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  // no account yet: a link is mailed (the dev mailbox shows it), and following it opens the account
  await expect(page.getByRole("heading", { name: "Confirmez votre adresse" })).toBeVisible();
  await expect(page.getByText(`Nous avons envoyé un message à ${email}.`, { exact: false })).toBeVisible();
  await checkBoth(page, "auth-01-signup-sent");
  await page.goto("/dev/mail");
  await expect(page.getByRole("heading", { name: /^Confirmez votre adresse pour ouvrir votre compte Kola/ }).first()).toBeVisible();
  await checkBoth(page, "auth-02-dev-mailbox");
  const confirmLink = await mailLink(page.request, email, "/signup/confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "Ouvrir votre compte" })).toBeVisible();
  await checkBoth(page, "auth-03-signup-confirm");
  await page.getByRole("button", { name: "Confirmer et ouvrir mon compte" }).click();

  // a trader's start: no key to save, the overview offers the first link (keys wait under Développeurs)
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle("Vue d'ensemble · Kola");
  await expect(page.getByRole("heading", { name: "Bienvenue, Boutique Awa !" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Créer mon premier lien" })).toBeVisible();
  await expect(page.getByText("Votre clé API de test")).toHaveCount(0);

  // the link once more, in another tab: it says at once that it was used, with no button to press
  const again = await page.context().newPage();
  await again.goto(confirmLink);
  await expect(again.getByText("Ce lien n'est plus valable (déjà utilisé, expiré ou incomplet). Demandez-en un nouveau.")).toBeVisible();
  await expect(again.getByRole("button", { name: "Confirmer et ouvrir mon compte" })).toHaveCount(0);
  await again.close();
  await checkPage(page, "04-overview-empty");

  // the key, when asked for under Développeurs: shown once, and it works against the API
  await page.goto("/dashboard/developers");
  await page.getByRole("button", { name: /Créer une clé/ }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox").first().fill("Mon site");
  await dialog.getByRole("button", { name: /Créer/ }).last().click();
  const key = await page.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^kola_test_[A-Za-z0-9_-]{43}$/);
  const own = await request.get("/v1/account", { headers: { "api-key": key } });
  expect(await own.json()).toMatchObject({ email, business_name: "Boutique Awa", currency: "XOF", mode: "test" });
  await screenshots(page, "03-developers-key-once");
  await expectAccessible(page, "developers key once");

  // the same email again: the same answer (nothing says the address is taken); its owner gets a mail
  await page.context().clearCookies();
  await page.goto("/signup");
  await page.getByLabel("Nom de votre entreprise").fill("Autre");
  await page.getByLabel("Adresse e-mail").fill(email.toUpperCase());
  await page.getByLabel("Mot de passe").fill("e2e-password-1234");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Confirmez votre adresse" })).toBeVisible();
  await page.goto("/dev/mail");
  await expect(page.locator(`[data-mail-to="${email}"]`).first()).toContainText("Tentative d’inscription avec votre adresse");

  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("wrong-password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "E-mail ou mot de passe incorrect." })).toBeVisible();
  await page.getByLabel("Mot de passe").fill("e2e-password-1234");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Boutique Awa").first()).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
