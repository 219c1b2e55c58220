// "Réessayer" after a failed attempt keeps everything the buyer typed, with
// and without JavaScript; the receipt a buyer keeps (item 14), on screen and printed. A merchant of
// its own (one marketplace per account). Screenshots in e2e/.artifacts/pay/.
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { signUpThrough, uniqueEmail } from "../dashboard/support";
import { BUYER, fillBuyer, shownAnswers } from "./data";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
const FAILED = "Le paiement n’a pas abouti";

const BLOCKS = {
  blocks: [
    { type: "text", label: "Taille (EU)", required: true },
    { type: "textarea", label: "Adresse de livraison", required: true },
    { type: "select", label: "Couleur", required: true, options: ["Rouge", "Bleu"] },
    { type: "date", label: "Date de livraison", required: false },
    { type: "checkbox", label: "J'accepte les conditions de vente", required: true },
  ],
};

async function merchantLink(request: APIRequestContext): Promise<string> {
  const headers = { "api-key": (await signUpThrough(request, "Marché Awa", uniqueEmail("retry"))).apiKey };
  const market = await request.post("/v1/api/marketplace", { headers, multipart: { name: "Marché Awa", form_blocks: JSON.stringify(BLOCKS) } });
  expect(market.status(), await market.text()).toBe(200);
  const link = await request.post("/v1/api/marketplace/gateway", {
    headers,
    data: { amount: 12000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir, fabriquées à Douala." },
  });
  expect(link.status(), await link.text()).toBe(200);
  return `/pay/m/${((await link.json()) as { id: string }).id}`;
}

/** A number of its own per run (5 attempts per number per 10 minutes), ending as the sandbox is told. */
function phoneEnding(last: string): string {
  const d = `69${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}${last}`; // an Orange Cameroon mobile: 9 digits
  return `${d[0]} ${d.slice(1, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)} ${d.slice(7, 9)}`; // as the form gives it back
}

/** What the buyer answers to BLOCKS. */
const ANSWERS = {
  taille_eu: "M",
  adresse_de_livraison: "Bonamoussadi, derrière la pharmacie",
  couleur: "Bleu",
  date_de_livraison: "2026-12-24",
  j_accepte_les_conditions_de_vente: "true",
};

async function fillEverything(page: Page, phone: string) {
  await fillBuyer(page, ANSWERS);
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "ORANGE_MONEY_CMR");
  await page.fill("#phone", phone);
}

async function newPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "fr-FR", javaScriptEnabled, extraHTTPHeaders: asClient() });
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`'Réessayer' keeps the name, e-mail, answers, operator and phone ${how}`, async ({ browser, request }) => {
    const link = await merchantLink(request);
    const page = await newPage(browser, javaScriptEnabled);
    await page.goto(link);
    const phone = phoneEnding("01"); // the sandbox refuses it: insufficient funds
    await fillEverything(page, phone);
    await page.getByRole("button", { name: /^Payer/ }).click();
    // the waiting page follows the attempt (by script, or by reloading itself) to its failure
    await expect(page.getByRole("heading", { name: FAILED })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, `retry-failed-${javaScriptEnabled ? "js" : "nojs"}-375.png`), fullPage: true });

    await page.getByRole("link", { name: "Réessayer" }).click();
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible();
    await expect.poll(() => shownAnswers(page, ANSWERS)).toEqual({ ...BUYER, ...ANSWERS });
    await expect(page.locator("#country")).toHaveValue("CMR");
    await expect(page.locator("#operator")).toHaveValue("ORANGE_MONEY_CMR");
    await expect(page.locator("#phone")).toHaveValue(phone);
    await page.screenshot({ path: path.join(SHOTS, `retry-form-${javaScriptEnabled ? "js" : "nojs"}-375.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `retry-form-${javaScriptEnabled ? "js" : "nojs"}-1440.png`), fullPage: true });

    // another number, the same answers: this time it goes through
    await page.fill("#phone", phoneEnding("00"));
    await page.getByRole("button", { name: /^Payer/ }).click();
    await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 30_000 });
    // the receipt: what was bought, from whom, the answers; its print button needs the script
    await expect(page.locator(".facts").first()).toContainText("AchatSandales en cuir, fabriquées à Douala.");
    await expect(page.locator(".facts").nth(1)).toContainText("CouleurBleu");
    await expect(page.getByRole("button", { name: "Imprimer ou enregistrer en PDF" })).toBeVisible({ visible: javaScriptEnabled });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(SHOTS, `receipt-${javaScriptEnabled ? "js" : "nojs"}-375.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `receipt-${javaScriptEnabled ? "js" : "nojs"}-1440.png`), fullPage: true });
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".lang")).toBeHidden(); // printed: no language switch, no buttons, no footer
    await expect(page.locator(".foot")).toBeHidden();
    await page.screenshot({ path: path.join(SHOTS, `receipt-print-${javaScriptEnabled ? "js" : "nojs"}.png`), fullPage: true });
    await page.context().close();
  });
}
