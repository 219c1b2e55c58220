// Payment links: create (its share panel), share and copy the link, edit, archive, filter.
import { expect, test } from "../fixtures";
import { checkPage, expectAccessible, screenshots, signUp } from "./support";

test("create a link and share it (copy, WhatsApp, SMS, QR code), edit and archive it", async ({ page, request }) => {
  await signUp(page);
  await page.goto("/dashboard/links");
  await expect(page.getByRole("heading", { name: "Aucun lien de paiement" })).toBeVisible();
  await checkPage(page, "20-links-empty");

  // create, after the schema's errors in French
  await page.getByRole("button", { name: "Nouveau lien" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nouveau lien de paiement" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toHaveCount(1); // the amount: the name shown to the customer starts as the business name
  await dialog.getByLabel("Montant (XAF)").fill("50");
  await dialog.getByText("Options avancées").click();
  await dialog.getByLabel("Page de retour après paiement réussi").fill("ftp://example.com");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog.getByText("Entre 100 FCFA et 10 000 000 FCFA.").first()).toBeVisible();
  await expect(dialog.getByText("Entrez une adresse complète qui commence par https:// (ou laissez vide).")).toBeVisible();
  await screenshots(page, "21-link-form-errors");
  await expectAccessible(page, "link form with errors");

  await dialog.getByLabel("Montant (XAF)").fill("15000");
  await dialog.getByLabel("Nom affiché au client").fill("Sacs en wax");
  await dialog.getByLabel("Message au client").fill("Deux sacs, livraison comprise.");
  await dialog.getByLabel("Votre référence de commande").fill("CMD-42");
  await dialog.getByLabel("Page de retour après paiement réussi").fill("https://boutique.example/merci");
  await dialog.getByRole("button", { name: "Créer" }).click();

  // the API has it, in minor units (whole francs)
  await expect.poll(async () => ((await (await page.request.get("/v1/gateway")).json()) as unknown[]).length).toBe(1);
  const [link] = (await (await page.request.get("/v1/gateway")).json()) as { id: string; link: string; amount: number; order_id: string }[];
  expect(link).toMatchObject({ amount: 15000, order_id: "CMD-42", shop_name: "Sacs en wax", success_url: "https://boutique.example/merci" });

  // a new link opens its share panel: the address to copy, WhatsApp and SMS messages, its QR code
  const shared = page.getByRole("dialog", { name: "Lien créé : envoyez-le à votre client" });
  await expect(shared.getByTestId("share-url")).toHaveText(link!.link);
  const message = `Bonjour ! Voici le lien pour payer 15\u202f000\u00a0FCFA à Sacs en wax par mobile money : ${link!.link}`;
  await expect(shared.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", `https://wa.me/?text=${encodeURIComponent(message)}`);
  await expect(shared.getByRole("link", { name: "SMS" })).toHaveAttribute("href", `sms:?&body=${encodeURIComponent(message)}`);
  await expect(shared.getByRole("img", { name: "QR code du lien de paiement Sacs en wax" })).toBeVisible();
  await shared.getByRole("button", { name: "Copier le lien" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link!.link);
  await screenshots(page, "22-link-shared");
  await expectAccessible(page, "share panel of a new link");
  await shared.getByRole("button", { name: "Terminé" }).click();
  await expect(shared).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "Sacs en wax" });
  await expect(row).toContainText("15 000 FCFA");
  await expect(row).toContainText("Ouvert"); // nobody has paid it yet: open

  // copy, and share again from the list
  await row.getByRole("button", { name: "Copier le lien — Sacs en wax" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link!.link);
  await row.getByRole("button", { name: "Partager — Sacs en wax" }).click();
  const qr = page.getByRole("dialog", { name: "Partager le lien" });
  await expect(qr.getByRole("img", { name: "QR code du lien de paiement Sacs en wax" })).toBeVisible();
  await expect(qr).toContainText(link!.link);
  await screenshots(page, "22-link-qr");
  await expectAccessible(page, "share dialog");
  await page.keyboard.press("Escape");
  await expect(qr).toBeHidden();

  // the same order reference again is refused beside its field
  await page.getByRole("button", { name: "Nouveau lien" }).first().click();
  const again = page.getByRole("dialog", { name: "Nouveau lien de paiement" });
  await again.getByLabel("Montant (XAF)").fill("1000");
  await again.getByLabel("Nom affiché au client").fill("Autre");
  await again.getByText("Options avancées").click();
  await again.getByLabel("Votre référence de commande").fill("CMD-42");
  await again.getByRole("button", { name: "Créer" }).click();
  await expect(again.getByText("Cette référence de commande est déjà utilisée par un autre lien.")).toBeVisible();
  await again.getByRole("button", { name: "Annuler" }).click();

  // edit
  await row.getByRole("button", { name: "Modifier — Sacs en wax" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le lien" });
  await expect(edit.getByLabel("Montant (XAF)")).toHaveValue("15000");
  await edit.getByLabel("Montant (XAF)").fill("17500");
  await edit.getByLabel("Nom affiché au client").fill("Sacs en wax (2)");
  await screenshots(page, "23-link-edit");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole("row").filter({ hasText: "Sacs en wax (2)" });
  await expect(edited).toContainText("17 500 FCFA");
  expect(await (await request.get(`/v1/gateway/${link!.id}`)).json()).toMatchObject({ amount: 17500, shop_name: "Sacs en wax (2)" });
  await checkPage(page, "24-links-list");

  // the detail page
  await edited.getByRole("link", { name: "Sacs en wax (2)" }).click();
  await expect(page.getByRole("heading", { name: "Sacs en wax (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Personne n'a encore essayé de payer ce lien." })).toBeVisible();
  await checkPage(page, "25-link-detail-empty");
  await page.getByRole("link", { name: "Tous les liens" }).click();

  // archive, after confirming
  await page.getByRole("row").filter({ hasText: "Sacs en wax (2)" }).getByRole("button", { name: "Archiver — Sacs en wax (2)" }).click();
  const confirm = page.getByRole("dialog", { name: "Archiver ce lien ?" });
  await expect(confirm).toContainText("« Sacs en wax (2) »");
  await screenshots(page, "26-link-archive-confirm");
  await expectAccessible(page, "archive dialog");
  await confirm.getByRole("button", { name: "Archiver" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("heading", { name: "Aucun lien de paiement" })).toBeVisible();
  expect((await request.get(`/v1/gateway/${link!.id}`)).status()).toBe(404);

  await page.getByLabel("Statut", { exact: true }).selectOption("archived");
  await expect(page.getByRole("link", { name: "Sacs en wax (2)" })).toBeVisible();
});

test("search and the paid filter narrow the list; paging follows the Link header", async ({ page }) => {
  const merchant = await signUp(page);
  // 22 links through the API with the merchant's key: more than one page of 20
  for (let i = 1; i <= 22; i++) {
    const response = await page.request.post("/v1/gateway", {
      headers: { "api-key": merchant.apiKey },
      data: { amount: 1000 * i, shop_name: i === 7 ? "Pagne bleu" : `Article ${i}` },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto("/dashboard/links");
  await expect(page.getByRole("link", { name: "Article 22" })).toBeVisible();
  const rows = page.getByRole("link", { name: /^(Article \d+|Pagne bleu)$/ });
  await expect(rows).toHaveCount(20);
  await page.getByRole("button", { name: "Page suivante" }).click();
  await expect(page.getByRole("link", { name: "Article 2", exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Page précédente" }).click();
  await expect(page.getByRole("link", { name: "Article 22" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Rechercher un lien" }).fill("pagne");
  await expect(page.getByRole("link", { name: /^(Article|Pagne)/ })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Pagne bleu" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher un lien" }).fill("");
  await page.getByLabel("Paiement", { exact: true }).selectOption("true");
  await expect(page.getByRole("heading", { name: "Aucun lien ne correspond à ces filtres." })).toBeVisible();
  await page.getByRole("button", { name: "Effacer les filtres" }).click();
  await expect(page.getByRole("link", { name: "Article 22" })).toBeVisible();
});
