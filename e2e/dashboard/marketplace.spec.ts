// The merchant's marketplace journey across pages, as a person does it in Chromium: sign up, set the
// colour, upload a logo, build a checkout form of three questions, reorder them with the mouse and
// with the keyboard, save and reload, create a seller's link, pay it on its checkout page with a
// sandbox number, and read the buyer's answers in the dashboard. axe runs on every screen;
// screenshots at desktop size and 375 px go to e2e/.artifacts/dashboard/.
import { expect, test } from "../fixtures";
import { logoPng } from "../pay/data";
import { expectAccessible, MarketplaceLinks, MarketplaceSettings, shots, signUp } from "./marketplace-pages";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a merchant brands a marketplace with a custom form, sells through a seller's link and reads the buyer's answers", async ({ page, context }) => {
  test.setTimeout(180_000);
  await signUp(page, { business: "Marché Awa", email: `awa-${unique()}@example.com`, password: "e2e-password-1234" });

  // — No marketplace yet: the page offers to create one; the links page says to start there.
  const links = new MarketplaceLinks(page);
  await links.open();
  await expect(page.getByRole("heading", { name: "Créez d'abord votre marketplace" })).toBeVisible();
  await expectAccessible(page, "marketplace links, no marketplace");
  await shots(page, "01-links-no-marketplace");
  await page.getByRole("link", { name: "Configurer ma marketplace" }).click();

  const settings = new MarketplaceSettings(page);
  await expect(page.getByRole("heading", { name: "Créez votre marketplace" })).toBeVisible();
  await expect(page.getByLabel("Nom de la marketplace")).toHaveValue("Marché Awa"); // the business name, to start with
  await expectAccessible(page, "create marketplace");
  await shots(page, "02-marketplace-create");

  // The colour: typed in the hex field (upper case, short form), tidied on leaving the field.
  const hex = page.getByRole("textbox", { name: "Couleur", exact: true });
  await hex.fill("#7C3AED");
  await hex.blur();
  await expect(hex).toHaveValue("#7c3aed");
  await expect(page.getByLabel("Choisir la couleur dans la palette")).toHaveValue("#7c3aed");
  await page.getByLabel("Commission (%)").fill("5");
  await expect(settings.preview.getByText("10 500 FCFA").first()).toBeVisible(); // 10 000 + 5 %
  await page.getByRole("button", { name: "Créer ma marketplace" }).click();
  await expect(page.getByRole("status").getByText("Marketplace créée")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Formulaire de paiement" })).toBeVisible();

  // — A bad colour is refused beside the field, in the merchant's words.
  await hex.fill("violet");
  await settings.save();
  await expect(page.getByText("Entrez une couleur au format #rgb ou #rrggbb, ex. : #0f766e.")).toBeVisible();
  await expect(hex).toBeFocused();
  await hex.fill("#7c3aed");

  // — The logo: a file the server refuses (not really a PNG), then a real PNG with its progress.
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
  await expect(page.getByRole("alert").filter({ hasText: "Les images SVG ne sont pas acceptées" })).toBeVisible();
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(page.getByRole("alert").filter({ hasText: "Le serveur a refusé ce fichier : ce n'est pas une image PNG, JPEG, WebP, GIF valide" })).toBeVisible();
  await shots(page, "03-logo-refused");
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng(96) });
  await expect(page.getByRole("status").getByText("Logo enregistré")).toBeVisible();
  await expect(page.getByRole("img", { name: "Image actuelle (Logo)" })).toHaveAttribute("src", /\/files\/[0-9a-f-]+\.png$/);
  await expect(settings.preview.locator("header .logo")).toHaveAttribute("src", /\/files\/[0-9a-f-]+\.png$/);

  // — Three questions, then the buyer's view beside them.
  await settings.addQuestion("Texte court", "Taille");
  const couleur = await settings.addQuestion("Liste de choix", "Couleur");
  await couleur.getByRole("textbox", { name: "Choix 1", exact: true }).fill("Rouge");
  await couleur.getByRole("textbox", { name: "Choix 1", exact: true }).press("Enter"); // Enter adds the next choice
  await expect(couleur.getByRole("textbox", { name: "Choix 2", exact: true })).toBeFocused();
  await page.keyboard.type("Bleu");
  const cadeau = await settings.addQuestion("Case à cocher", "Emballage cadeau");
  await cadeau.getByLabel("Réponse obligatoire").check();
  await cadeau.getByLabel("Aide affichée sous l'intitulé (facultatif)").fill("Offert");
  expect(await settings.labels()).toEqual(["Taille", "Couleur", "Emballage cadeau"]);
  expect(await settings.previewLabels()).toEqual(["Taille", "Couleur", "Emballage cadeau"]);
  await expectAccessible(page, "marketplace settings with three questions");
  await shots(page, "04-settings-three-questions");

  // — Reorder with the mouse: "Emballage cadeau" dragged by its handle to the top.
  await settings.dragWithMouse("Emballage cadeau", "Taille");
  await expect.poll(() => settings.labels()).toEqual(["Emballage cadeau", "Taille", "Couleur"]);
  expect(await settings.previewLabels()).toEqual(["Emballage cadeau", "Taille", "Couleur"]);

  // — Reorder with the keyboard: "Taille" picked up with Space, moved down, dropped with Space.
  await settings.moveWithKeyboard("Taille", "ArrowDown");
  await expect.poll(() => settings.labels()).toEqual(["Emballage cadeau", "Couleur", "Taille"]);
  await expect(settings.announcement).toHaveText("Question « Taille » déposée en position 3 sur 3.");
  await expect(settings.handle("Taille")).toBeFocused(); // focus stays on the handle after the drop
  expect(await settings.previewLabels()).toEqual(["Emballage cadeau", "Couleur", "Taille"]);

  // — An empty question label is refused before sending; the input says why.
  await (await settings.expand("Taille")).getByLabel("Intitulé", { exact: true }).fill("");
  await settings.save();
  const emptyLabel = settings.blocks.nth(2).getByLabel("Intitulé", { exact: true });
  await expect(emptyLabel).toHaveAttribute("aria-invalid", "true");
  await expect(emptyLabel).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  await shots(page, "05-settings-errors");
  await emptyLabel.fill("Taille");

  // — The server's 422 items land beside the input they name (answered here as the API would).
  await page.route("**/v1/api/marketplace/", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await route.fulfill({
      status: 422,
      json: { detail: [{ loc: ["body", "form_blocks", "blocks", 1, "label"], msg: "String should have at most 100 characters", type: "string_too_long", ctx: { max_length: 100 } }] },
    });
  });
  await settings.save();
  await expect(settings.block("Couleur").getByLabel("Intitulé", { exact: true })).toHaveAccessibleDescription(/100 caractères au plus\./);
  await expect(settings.block("Couleur").getByLabel("Intitulé", { exact: true })).toBeFocused();
  await page.unroute("**/v1/api/marketplace/");

  // — Save, reload: the order, the colour and the logo are kept.
  await settings.save();
  await expect(page.getByRole("status").getByText("Marketplace enregistrée")).toBeVisible();
  await expect(page.getByText("Tout est enregistré")).toBeVisible();
  await page.reload();
  await expect(settings.blocks).toHaveCount(3);
  expect(await settings.labels()).toEqual(["Emballage cadeau", "Couleur", "Taille"]);
  await expect(hex).toHaveValue("#7c3aed");
  await expect(settings.block("Emballage cadeau")).toContainText("Question 1 · Case à cocher · obligatoire"); // its folded line
  await expect((await settings.expand("Emballage cadeau")).getByLabel("Réponse obligatoire")).toBeChecked();
  await expect((await settings.expand("Couleur")).getByRole("textbox", { name: "Choix 2", exact: true })).toHaveValue("Bleu");
  expect(await settings.preview.getByRole("button", { name: "Payer 10 500 FCFA" }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(124, 58, 237)");
  await shots(page, "06-settings-saved");

  // — A seller's link: the commission follows the price as it is typed, can be changed and reset.
  await links.open();
  await expect(page.getByRole("heading", { name: "Aucun lien marketplace" })).toBeVisible();
  await expectAccessible(page, "marketplace links, empty");
  await shots(page, "07-links-empty");
  await page.getByRole("button", { name: "Nouveau lien" }).first().click();
  const dialog = links.dialog;
  await expect(dialog.getByRole("heading", { name: "Nouveau lien marketplace" })).toBeVisible();
  await dialog.getByLabel("Boutique du vendeur").fill("Atelier Fatou");
  await dialog.getByLabel("Numéro mobile money du vendeur").fill("+237 6 70 00 00 00");
  await expect(dialog.getByText("Cameroun · +237 6 70 00 00 00")).toBeVisible();
  await dialog.getByLabel("Prix du produit (XAF)").fill("10000");
  await expect(dialog.getByLabel("Commission (XAF)")).toHaveValue("500");
  await expect(dialog.getByTestId("buyer-total")).toHaveText("L'acheteur paiera 10 500 FCFA.");
  await dialog.getByLabel("Prix du produit (XAF)").fill("12 000");
  await expect(dialog.getByLabel("Commission (XAF)")).toHaveValue("600");
  await dialog.getByLabel("Commission (XAF)").fill("300");
  await expect(dialog.getByTestId("buyer-total")).toHaveText("L'acheteur paiera 12 300 FCFA.");
  await dialog.getByRole("button", { name: "Revenir à la commission par défaut" }).click();
  await expect(dialog.getByLabel("Commission (XAF)")).toHaveValue("600");
  await dialog.getByLabel("Prix du produit (XAF)").fill("10000");
  await dialog.getByLabel("Message à l'acheteur").fill("Sandales en cuir, fabriquées à Douala.");
  await expectAccessible(page, "create marketplace link dialog");
  await shots(page, "08-link-create");
  await dialog.getByRole("button", { name: "Créer" }).click();
  // the payment links' share panel: the address (wrapped), WhatsApp, SMS, e-mail, the QR code as PNG and SVG
  const created = dialog.getByTestId("share-url");
  await expect(created).toHaveText(/\/pay\/m\/[0-9a-f-]{36}$/);
  const checkoutUrl = (await created.textContent())!.trim();
  await shots(page, "09-link-created");
  await dialog.getByRole("link", { name: "Voir la page du lien" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Atelier Fatou" })).toBeVisible();
  await expect(page.getByTestId("link-questions").getByRole("listitem")).toHaveText([
    "Emballage cadeau · Case à cocher · obligatoire",
    "Couleur · Liste de choix",
    "Taille · Texte court",
  ]);
  await expect(page.getByText("Personne n'a encore payé ce lien.")).toBeVisible();
  const detailUrl = page.url();

  // — The buyer's checkout page asks the three questions, in the merchant's order, and is paid.
  const buyer = await context.newPage();
  await buyer.setViewportSize({ width: 375, height: 812 });
  await buyer.goto(new URL(checkoutUrl).pathname);
  await expect(buyer.locator("header .logo")).toBeVisible();
  await expect(buyer.locator("form .field label[for^='a-']")).toHaveText([/^Emballage cadeau/, /^Couleur/, /^Taille/]);
  await buyer.fill("#full_name", "Awa Ndiaye");
  await buyer.fill("#email", "awa@example.com");
  await buyer.check("#a-emballage_cadeau");
  await buyer.selectOption("#a-couleur", "Bleu");
  await buyer.fill("#a-taille", "39");
  await buyer.selectOption("#country", "CMR");
  await buyer.selectOption("#operator", "MTN_MOMO_CMR");
  await buyer.fill("#phone", "6 70 00 00 00"); // the sandbox: …00 succeeds
  await buyer.getByRole("button", { name: "Payer 10 500 FCFA" }).click();
  await expect(buyer.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
  await buyer.close();

  // — The dashboard shows the transaction: status, buyer, prices, and the answers by question.
  await page.goto(detailUrl);
  const transaction = page.getByTestId("transaction");
  await expect(transaction).toHaveCount(1);
  // the sale's own badge comes first; the seller payout's may say "Réussi" too once it is sent
  await expect(transaction.getByText("Réussi").first()).toBeVisible({ timeout: 15_000 });
  await expect(transaction.getByTestId("seller-payout")).toBeVisible();
  await expect(transaction.getByText("Awa Ndiaye")).toBeVisible();
  await expect(transaction.getByText("awa@example.com")).toBeVisible();
  await expect(transaction.getByText("+237670000000")).toBeVisible();
  await expect(transaction.getByText("MTN")).toBeVisible();
  await expect(transaction.getByText("10 500 FCFA")).toBeVisible();
  await expect(transaction.getByRole("definition").filter({ hasText: "10 000 FCFA" }).first()).toBeVisible();
  const answers = transaction.getByTestId("answers");
  await expect(answers.locator("dt")).toHaveText(["Emballage cadeau", "Couleur", "Taille"]);
  await expect(answers.locator("dd")).toHaveText(["Oui", "Bleu", "39"]);
  await expectAccessible(page, "marketplace link with its transaction");
  await shots(page, "10-link-transactions");

  // — The links list shows it, with its prices and a copy button.
  await links.open();
  await expect(page.getByTestId("marketplace-link-row")).toHaveCount(1);
  await expect(page.getByTestId("marketplace-link-row")).toContainText("Atelier Fatou");
  await expectAccessible(page, "marketplace links, one link");
  await shots(page, "11-links-list");

  // — In English, the same settings page.
  await page.getByRole("group", { name: "Langue" }).getByRole("button", { name: "English" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Marketplace", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment form" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move the question “Taille”" })).toBeVisible();
  await expectAccessible(page, "marketplace settings in English");
  await shots(page, "12-settings-en");
});
