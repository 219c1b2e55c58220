// A payment as a merchant meets it: a payment's page (history, failure reason,
// link, buyer and answers, webhook deliveries), live updates of an open page while a buyer pays in
// another browser, and the CSV exports. Screenshots at 375×812 and 1440×900 (e2e/.artifacts/
// dashboard/payments/), axe with every rule (best practices included) at both sizes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect as baseExpect, test } from "../fixtures";
import { buyerPays, mark, statusOf, stillMarked } from "./live";
import { checkBoth } from "./mail";
import { sessionPost, signUp } from "./support";

// the machine is shared: a page's first data may take more than the default 5 s to come
const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "payments");

/** Every axe rule, whatever its tags. */
async function everyAxeRule(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })),
    `axe ${label}`,
  ).toEqual([]);
}

/** Screenshots at both sizes, every axe rule at both, and nothing wider than the phone. */
const look = (page: Page, name: string) => checkBoth(page, name, SHOTS, everyAxeRule);

test.describe.configure({ mode: "serial" });

test("a failed payment's page: the buyer's words, its history, its link and the webhook it caused", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const receiver = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end("ok")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    await signUp(page, "Marché Bio");
    await sessionPost(page, "/v1/webhooks", { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kola` });
    const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 12500, shop_name: "Panier de fruits", order_id: "CMD-77" });
    const trackId = await buyerPays(browser, link.link, "670000001"); // …01: insufficient funds
    await expect.poll(() => statusOf(page, trackId), { timeout: 20_000 }).toBe("failed");

    // the deposits list links to the payment's page; it shows customer and link
    await page.goto("/dashboard/deposits");
    const row = page.getByRole("region", { name: "Paiements récents" }).getByRole("row").filter({ hasText: trackId });
    await expect(row).toContainText("Panier de fruits");
    await expect(row).toContainText("+237 67••••001");
    await row.getByRole("link", { name: trackId }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${trackId}$`));

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Paiement ${trackId}`);
    await expect(page.getByTestId("failure-reason")).toContainText("Solde mobile money insuffisant");
    const history = page.getByTestId("history").getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText("Paiement créé");
    await expect(history.nth(1)).toContainText(/En attente → Échoué\s*Solde mobile money insuffisant/);
    await expect(page.getByRole("link", { name: "Panier de fruits" })).toHaveAttribute("href", `/dashboard/links/${link.id}`);
    await expect(page.getByText("CMD-77")).toBeVisible();
    await expect(page.getByText(/^SBX-/)).toBeVisible(); // the provider's reference
    // the webhook the failure caused, delivered by the worker while the page is open
    const deliveries = page.getByTestId("webhook-deliveries");
    await expect(deliveries).toContainText("Paiement échoué", { timeout: 20_000 });
    await expect(deliveries).toContainText("Livré", { timeout: 20_000 });
    await expect(deliveries).toContainText("HTTP 200");
    await look(page, "01-failed-payment");

    await deliveries.getByRole("link", { name: "Voir le journal de l’adresse de notification" }).click();
    await expect(page).toHaveURL(/\/dashboard\/developers\?webhook=/);
    // that endpoint's delivery log is open
    await expect(page.getByRole("group", { name: "Journal des envois" }).getByRole("row")).toHaveCount(2);
  } finally {
    receiver.close();
  }
});

test("a marketplace buyer's payment shows who paid and their answers", async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, "Marché Awa");
  const origin = process.env.KOLA_E2E_BASE_URL!;
  const created = await page.request.post("/v1/api/marketplace", {
    headers: { origin },
    multipart: { name: "Marché Awa", form_blocks: JSON.stringify({ blocks: [{ type: "text", label: "Taille", required: true }, { type: "checkbox", label: "Emballage cadeau", required: false }] }) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const link = await sessionPost<{ id: string; form_blocks: { fieldName: string }[] }>(page, "/v1/api/marketplace/gateway", {
    amount: 10000,
    fee: 500,
    shop_name: "Atelier Fatou",
    phone_number: "+237699000000",
  });
  const [size, gift] = link.form_blocks.map((b) => b.fieldName);
  const paid = await page.request.post(`/api/checkout/pay/m/${link.id}`, {
    data: {
      country: "CMR",
      operator: "ORANGE_MONEY_CMR",
      phone: "690000042",
      client_token: crypto.randomUUID().replaceAll("-", ""),
      full_name: "Awa Ndiaye",
      email: "awa@example.com",
      answers: { [size!]: "42 (EU), large", [gift!]: "on" },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { track_id: trackId } = (await paid.json()) as { track_id: string };

  await page.goto(`/dashboard/marketplace-links/${link.id}`);
  await page.getByTestId("transaction").getByRole("link", { name: trackId }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Paiement ${trackId}`);
  await expect(page.getByText("Réussi").first()).toBeVisible({ timeout: 20_000 });
  // its receipt code, big, to copy, with the public page that checks it
  const receipt = page.getByRole("region", { name: "Code du reçu" });
  await expect(receipt).toContainText(/^Code du reçu[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}/);
  await expect(receipt.getByRole("button", { name: /^Copier le code du reçu / })).toBeVisible();
  await expect(receipt.getByRole("link", { name: /^\/r\// })).toHaveAttribute("href", /^\/r\/[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  const buyer = page.getByRole("region", { name: "Client" });
  await expect(buyer).toContainText("Awa Ndiaye");
  await expect(buyer).toContainText("awa@example.com");
  await expect(buyer).toContainText("10 500 FCFA");
  await expect(buyer).toContainText("Taille42 (EU), large");
  await expect(buyer).toContainText("Emballage cadeauOui");
  await expect(page.getByRole("link", { name: "Atelier Fatou" })).toHaveAttribute("href", `/dashboard/marketplace-links/${link.id}`);
  await look(page, "02-marketplace-payment");

  // the marketplace links page exports its transactions
  await page.goto("/dashboard/marketplace-links");
  const form = page.getByRole("region", { name: "Exporter en CSV" });
  await expect(form).toContainText("Les achats de tous vos liens marketplace");
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Exporter les transactions" }).click()]);
  // for French Excel: `;` between cells, words, one column per question (parsed as a spreadsheet would)
  const rows = parse((await import("node:fs")).readFileSync((await download.path())!), { bom: true, delimiter: ";", columns: true }) as Record<string, string>[];
  expect(rows).toEqual([
    {
      "Créé le (UTC)": expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      "Identifiant de la transaction": expect.any(String),
      "N° de suivi": trackId,
      Statut: "Réussi",
      "Motif de l'échec": "",
      "Identifiant du lien": link.id,
      Vendeur: "Atelier Fatou",
      "Payé par le client": "10500",
      "Pour le vendeur": "10000",
      Commission: "500",
      Devise: "XAF",
      Client: "Awa Ndiaye",
      "E-mail du client": "awa@example.com",
      "Téléphone du client": "'+237690000042",
      "Pays du client": "Cameroun",
      Opérateur: "Orange",
      Taille: "42 (EU), large",
      "Emballage cadeau": "Oui",
      "Montant remboursé": "0",
      Remboursements: "",
      "Code du reçu": expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/),
    },
  ]);
  await look(page, "05-marketplace-links-export");
});

test("open pages follow new payments and status changes without a reload", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page, "Boutique Live");
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 5000, shop_name: "Sac en raphia" });
  const first = await buyerPays(browser, link.link, "670000002"); // refused: the link stays payable
  await expect.poll(() => statusOf(page, first), { timeout: 20_000 }).toBe("failed");

  // the overview, open; a buyer pays in their own browser; the payment shows up, then succeeds
  await page.goto("/dashboard");
  const latest = page.getByRole("region", { name: "Derniers paiements" });
  await expect(latest.getByRole("row").filter({ hasText: first })).toBeVisible();
  await mark(page);
  const second = await buyerPays(browser, link.link, "670000003"); // …03: never answers, expires (8 s in e2e)
  const row = latest.getByRole("row").filter({ hasText: second });
  await expect(row).toContainText("Sac en raphia", { timeout: 10_000 });
  await look(page, "03-overview-live");

  // its page, open while pending: the expiry shows without a reload
  await row.getByRole("link", { name: second }).click();
  await mark(page);
  await expect(page.getByTestId("history").getByRole("listitem")).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId("history")).toContainText("En attente → Expiré");
  await expect(page.getByTestId("failure-reason")).toContainText("Le client n'a pas validé à temps");
  expect(await stillMarked(page)).toBe(true);

  // the deposits list, open: a third buyer's success arrives and settles there
  await page.goto("/dashboard/deposits");
  await mark(page);
  const third = await buyerPays(browser, link.link, "670000042");
  await expect(page.getByRole("region", { name: "Paiements récents" }).getByRole("row").filter({ hasText: third })).toContainText("Réussi", { timeout: 15_000 });
  expect(await stillMarked(page)).toBe(true);
});

test("exports payments and marketplace transactions as CSV from the dashboard and the API", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const merchant = await signUp(page, "Boutique Export");
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 7000, shop_name: "=Chapeau, \"paille\"" });
  const trackId = await buyerPays(browser, link.link, "670000042");
  await expect.poll(() => statusOf(page, trackId), { timeout: 20_000 }).toBe("success");

  await page.goto("/dashboard/deposits");
  const form = page.getByRole("region", { name: "Exporter en CSV" });
  await expect(form.getByLabel("Du")).toHaveValue(/^\d{4}-\d\d-01$/);
  await look(page, "04-deposits-export");
  const today = new Date().toISOString().slice(0, 10);
  await form.getByLabel("Du").fill(today);
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Exporter les paiements" }).click()]);
  expect(download.suggestedFilename()).toBe(`kola-payments-${today}-${today}.csv`);
  const csv = (await import("node:fs")).readFileSync((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFCréé le (UTC);Terminé le (UTC);N° de suivi;Statut")).toBe(true);
  const [row, ...more] = parse(csv, { bom: true, delimiter: ";", columns: true }) as Record<string, string>[];
  expect(more).toEqual([]);
  expect(row).toMatchObject({ "N° de suivi": trackId, Statut: "Réussi", Montant: "7000", Devise: "XAF", Pays: "Cameroun", Opérateur: "MTN", Fournisseur: "Bac à sable" });
  expect(row).toMatchObject({ "Type de lien": "Lien de paiement", "Identifiant du lien": link.id, Lien: "'=Chapeau, \"paille\"", "Montant remboursé": "0" });

  // through the API with the key: the documented file for programs (commas, codes), same payment
  const api = await page.request.get(`/v1/exports/payments?from=${today}&to=${today}`, { headers: { "api-key": merchant.apiKey } });
  expect([api.status(), api.headers()["content-type"]]).toEqual([200, "text/csv; charset=utf-8"]);
  const lines = (await api.text()).split("\r\n");
  expect(lines[0]!.startsWith("\uFEFFcreated_at,completed_at,track_id,status")).toBe(true);
  expect(lines[1]).toContain(`,${trackId},success,,7000,XAF,CMR,MTN_MOMO_CMR,237670000042,sandbox,`);
  expect(lines[1]).toContain(`,payment_link,${link.id},"'=Chapeau, ""paille""",`);
});
