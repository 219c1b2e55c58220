// Actions a merchant asked for: edit, archive and unarchive a marketplace link (and what
// its buyers then see), remove a logo or favicon, undo a deleted question, edit a webhook endpoint,
// rotate its secret, read a delivery's bodies. Screens at 1440×900 and 375×812, axe on each.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asClient, expect, test } from "../fixtures";
import { logoPng } from "../pay/data";
import { checkBoth } from "./mail";
import { signUp } from "./support";

const QUESTIONS = JSON.stringify({
  blocks: [
    { type: "text", label: "Taille", required: true },
    { type: "text", label: "Adresse de livraison", required: false },
    { type: "email", label: "E-mail du destinataire", required: false },
  ],
});

test("a marketplace link: edit it, archive it (buyers see it is gone), unarchive it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const merchant = await signUp(page, "Marché Awa");
  const headers = { "api-key": merchant.apiKey };
  expect((await page.request.post("/v1/api/marketplace", { headers, multipart: { name: "Marché Awa", fee: "5" } })).status()).toBe(200);
  const created = await page.request.post("/v1/api/marketplace/gateway", {
    headers,
    data: { amount: 10000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir" },
  });
  const link = (await created.json()) as { id: string; link: string };

  await page.goto(`/dashboard/marketplace-links/${link.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Atelier Fatou" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Modifier" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier le lien marketplace" });
  await expect(dialog.getByLabel("Boutique du vendeur")).toHaveValue("Atelier Fatou");
  await expect(dialog.getByLabel("Prix du produit (XAF)")).toHaveValue("10000");
  await dialog.getByLabel("Boutique du vendeur").fill("Atelier Fatou & fils");
  await dialog.getByLabel("Prix du produit (XAF)").fill("12500");
  await dialog.getByLabel("Favicon propre au lien (URL https)").fill("http://pas-https.example/f.png");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Entrez une adresse https://, ou laissez vide.")).toBeVisible();
  await checkBoth(page, "mlink-01-edit");
  await dialog.getByRole("button", { name: "Retirer la favicon" }).click();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lien mis à jour" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Atelier Fatou & fils" })).toBeVisible();
  await expect(page.getByText(/12\s500\sFCFA/).first()).toBeVisible();
  const api = (await (await page.request.get(`/v1/api/marketplace/gateway/${link.id}`, { headers })).json()) as Record<string, unknown>;
  expect([api.shop_name, api.amount, api.fee, api.favicon]).toEqual(["Atelier Fatou & fils", 12500, 500, ""]);

  await page.getByRole("button", { name: "Archiver" }).click();
  await expect(page.getByRole("dialog", { name: "Archiver ce lien ?" })).toContainText("Les acheteurs qui ouvriront le lien de Atelier Fatou & fils");
  await page.getByRole("dialog", { name: "Archiver ce lien ?" }).getByRole("button", { name: "Archiver" }).click();
  await expect(page).toHaveURL(/\/dashboard\/marketplace-links\?view=archived$/);
  await expect(page.getByRole("status").filter({ hasText: "Lien archivé" })).toBeVisible();
  const archivedRow = page.getByTestId("archived-link").filter({ hasText: "Atelier Fatou & fils" });
  await expect(archivedRow).toBeVisible();
  await expect(page.getByRole("link", { name: "Archivés" })).toHaveAttribute("aria-current", "page");
  await checkBoth(page, "mlink-02-archived-list");

  // a buyer opening the link: a clear page, no form
  const buyerContext = await browser.newContext({ locale: "fr-FR", baseURL: process.env.KOLA_E2E_BASE_URL, extraHTTPHeaders: asClient() });
  const buyer = await buyerContext.newPage();
  const answer = await buyer.goto(new URL(link.link).pathname);
  expect(answer!.status()).toBe(410);
  await expect(buyer.getByRole("heading", { name: "Ce lien de paiement n’est plus disponible" })).toBeVisible();
  await expect(buyer.locator("form")).toHaveCount(0);
  await checkBoth(buyer, "mlink-03-buyer-archived");

  await archivedRow.getByRole("button", { name: "Désarchiver le lien de Atelier Fatou & fils" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lien désarchivé" })).toBeVisible();
  await expect(page.getByText("Aucun lien archivé.")).toBeVisible();
  await page.getByRole("link", { name: "Actifs" }).click();
  await expect(page.getByRole("link", { name: "Atelier Fatou & fils" }).first()).toBeVisible();
  await checkBoth(page, "mlink-04-live-again");
  expect((await buyer.goto(new URL(link.link).pathname))!.status()).toBe(200);
  await expect(buyer.getByRole("button", { name: /^Payer/ })).toBeVisible();
  await buyerContext.close();
});

test("marketplace branding: remove the logo and the favicon; a deleted question comes back with Undo", async ({ page }) => {
  test.setTimeout(120_000);
  const merchant = await signUp(page, "Boutique Kofi");
  const made = await page.request.post("/v1/api/marketplace", {
    headers: { "api-key": merchant.apiKey },
    multipart: {
      name: "Marché Kofi",
      favicon: "https://cdn.example.com/kofi/favicon.ico",
      form_blocks: QUESTIONS,
      "logo.0": { name: "logo.png", mimeType: "image/png", buffer: logoPng(32) },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.goto("/dashboard/marketplace");
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Image actuelle (Logo)" })).toBeVisible();
  await checkBoth(page, "brand-01-with-logo");

  await page.getByRole("button", { name: "Retirer (Logo)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Logo retiré" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Image actuelle (Logo)" })).toHaveCount(0);
  await page.getByRole("button", { name: "Retirer (Favicon)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Favicon retirée" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirer (Favicon)" })).toHaveCount(0);
  const now = (await (await page.request.get("/v1/api/marketplace", { headers: { "api-key": merchant.apiKey } })).json()) as Record<string, unknown>;
  expect([now.logo, now.favicon]).toEqual([null, ""]);

  // a question deleted by mistake: the toast's "Annuler" puts it back where it was
  const blocks = page.getByTestId("form-block");
  const labels = () => blocks.evaluateAll((items) => items.map((item) => item.getAttribute("data-label")));
  await expect(blocks).toHaveCount(3);
  await page.getByRole("button", { name: "Supprimer la question « Adresse de livraison »" }).click();
  await expect(blocks).toHaveCount(2);
  const toast = page.getByRole("status").filter({ hasText: "Question « Adresse de livraison » supprimée" });
  await toast.getByRole("button", { name: "Annuler" }).click();
  await expect(blocks).toHaveCount(3);
  expect(await labels()).toEqual(["Taille", "Adresse de livraison", "E-mail du destinataire"]);
  await expect(page.getByLabel("Intitulé", { exact: true }).and(page.locator(":focus"))).toHaveValue("Adresse de livraison");
  await checkBoth(page, "brand-02-question-restored");
  // the toast as the merchant sees it (it leaves after 10 s)
  await page.getByRole("button", { name: "Supprimer la question « E-mail du destinataire »" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Question « E-mail du destinataire » supprimée" })).toBeVisible();
  await page.screenshot({ path: "e2e/.artifacts/dashboard/actions/brand-03-undo-toast-1440.png" });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: "e2e/.artifacts/dashboard/actions/brand-03-undo-toast-375.png" });
  await expect(page.getByRole("status").getByRole("button", { name: "Annuler" })).toBeVisible();
});

test("a webhook endpoint: edit it, rotate its secret (both sign for a while), read a delivery's bodies", async ({ page }) => {
  test.setTimeout(120_000);
  const received: { body: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["webhook-signature"]) });
      res.writeHead(200, { "content-type": "application/json" }).end('{"reçu": true, "commande": "A-17"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const merchant = await signUp(page);
    const headers = { "api-key": merchant.apiKey };
    const endpoint = (await (await page.request.post("/v1/webhooks", { headers, data: { url: `${base}/old` } })).json()) as { id: string; secret: string };

    await page.goto("/dashboard/developers");
    const section = page.getByRole("region", { name: "Webhooks" });
    const item = section.getByRole("rowgroup", { name: `${base}/old` });
    await item.getByRole("button", { name: `Modifier l'adresse de notification ${base}/old` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier l'adresse de notification" });
    await expect(edit.getByLabel("Adresse de notification (URL)")).toHaveValue(`${base}/old`);
    await edit.getByLabel("Adresse de notification (URL)").fill(`${base}/kola`);
    await edit.getByLabel("Paiement réussi", { exact: true }).check();
    await checkBoth(page, "hook-01-edit");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Adresse de notification mise à jour" })).toBeVisible();
    const edited = section.getByRole("rowgroup", { name: `${base}/kola` });
    await expect(edited).toContainText("Paiement réussi");

    await edited.getByRole("button", { name: "Changer le secret" }).click();
    const rotate = page.getByRole("dialog", { name: "Changer le secret de signature ?" });
    await expect(rotate).toContainText("Pendant 24 heures, l'ancien signe aussi");
    await checkBoth(page, "hook-02-rotate-confirm");
    await rotate.getByRole("button", { name: "Changer le secret" }).click();
    const shown = page.getByRole("dialog", { name: "Nouveau secret de signature" });
    const secret = await shown.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    await checkBoth(page, "hook-03-new-secret");
    await shown.getByLabel("J'ai enregistré le secret").check();
    await shown.getByRole("button", { name: "Fermer" }).last().click();

    // during the grace period every event carries two signatures: the new secret's and the old one's
    await edited.getByRole("button", { name: "Envoyer un test" }).click();
    const log = edited.getByRole("group", { name: "Journal des envois" });
    const row = log.getByRole("row").filter({ hasText: "Test" });
    await expect(row).toContainText("Livré", { timeout: 20_000 });
    expect(received.at(-1)!.signature.split(" ")).toHaveLength(2);

    await row.getByRole("button", { name: "Détails de l'envoi — Test" }).click();
    const detail = page.getByRole("dialog", { name: "Envoi Test" });
    await expect(detail.getByRole("heading", { name: "Corps envoyé" })).toBeVisible();
    await expect(detail.getByLabel("Corps envoyé")).toContainText('"type": "webhook.test"');
    await expect(detail.getByLabel("Essai 1 — Réponse reçue")).toContainText('"commande": "A-17"');
    expect(JSON.stringify(received.at(-1)!.body)).not.toContain(secret);
    await expect(detail).not.toContainText(secret.slice(6, 20));
    await checkBoth(page, "hook-04-delivery-bodies");
  } finally {
    receiver.close();
  }
});
