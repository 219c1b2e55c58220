// The hosted checkout in Chromium at 375×812 against the production server (e2e/global-setup.ts,
// DEPOSIT_EXPIRY_SECONDS=8). The sandbox decides outcomes by the phone's last two digits: 01 fails,
// 03 never answers (expires), others succeed. Screenshots go to e2e/.artifacts/pay/.
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { stillShot } from "../support/still-shot";
import { EVERY_ANSWER, EVERY_ANSWER_BY_NAME, EVERY_BLOCK, STATUS_POLL, fillBuyer, holdRequests, logoPng } from "./data";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
const TRACK = /TRK[A-Z2-7]{20}/;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
const pathOf = (link: string) => new URL(link).pathname;

async function fillPayment(page: Page, phone: string, operator = "MTN_MOMO_CMR") {
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", operator);
  await page.fill("#phone", phone);
}

test.describe("a payment link", () => {
  test("pays and lands on success_url with the parameters; the link then shows its receipt", async ({ page, createGateway, request, withKey, baseURL }) => {
    const orderId = unique("CMD");
    const gateway = await createGateway({
      amount: 15000,
      shop_name: "Boutique Awa",
      message: "Deux sacs en wax, livraison comprise.",
      order_id: orderId,
      success_url: `${baseURL}/healthz?x=1`,
      failure_url: `${baseURL}/healthz?failed=1`,
    });
    await page.goto(pathOf(gateway.link));
    await expect(page).toHaveTitle("Payer Boutique Awa");
    await expect(page.locator(".amount")).toHaveText("15 000 FCFA");
    // the script keeps the chosen country's operators only
    await expect(page.locator("#operator option")).toHaveText(["Choisir…", "MTN", "Orange"]);
    await page.selectOption("#country", "COG");
    await expect(page.locator("#operator option")).toHaveText(["Choisir…", "MTN", "Airtel"]);
    await expect(page.locator("#dial")).toHaveText("+242");
    await expect(page.locator("#phone-hint")).toHaveText("Exemple : 06 123 4567");
    await page.selectOption("#country", "CMR");
    await shot(page, "01-link-form");

    await fillPayment(page, "6 70 00 00 00");
    const release = await holdRequests(page, STATUS_POLL);
    await page.getByRole("button", { name: "Payer 15 000 FCFA" }).tap();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await expect(page.locator(".ref")).toHaveText(TRACK);
    const trackId = (await page.locator(".ref").textContent())!;
    await shot(page, "02-waiting");
    await release();

    await page.waitForURL(/\/healthz\?/, { timeout: 20_000 });
    const landed = new URL(page.url());
    expect(landed.search).toBe(`?x=1&order_id=${orderId}&gateway_id=${gateway.id}&track_id=${trackId}&status=success`);

    const payin = await request.get(`/v1/gateway/payin/${orderId}`, { headers: withKey() });
    expect(await payin.json()).toEqual({ order_id: orderId, status: "success" });
    const deposit = await request.get(`/v1/api/deposit/get_transaction?track_id=${trackId}`, { headers: withKey() });
    expect(await deposit.json()).toMatchObject({ track_id: trackId, amount: 15000, status: "success", phone_number: "237670000000" });

    await page.goto(pathOf(gateway.link));
    await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible();
    await expect(page.locator("form")).toHaveCount(0);
    await expect(page.locator(".facts")).toContainText(trackId);
    await shot(page, "03-paid-link-receipt");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "03-paid-link-receipt-desktop");
  });

  test("a failure (…01) lands on failure_url with status=failed", async ({ page, createGateway, baseURL }) => {
    const orderId = unique("FAIL");
    const gateway = await createGateway({ order_id: orderId, success_url: `${baseURL}/healthz?ok=1`, failure_url: `${baseURL}/healthz?failed=1` });
    await page.goto(pathOf(gateway.link));
    await fillPayment(page, "670000001");
    await page.getByRole("button", { name: /^Payer/ }).tap();
    await page.waitForURL(/\/healthz\?failed=1/, { timeout: 20_000 });
    const params = new URL(page.url()).searchParams;
    expect([...params]).toEqual([
      ["failed", "1"],
      ["order_id", orderId],
      ["gateway_id", gateway.id],
      ["track_id", expect.stringMatching(TRACK)],
      ["status", "failed"],
    ]);
  });

  test("expiry (…03): the waiting screen turns into the failure screen, and trying again works", async ({ page, createGateway }) => {
    const gateway = await createGateway({ shop_name: "Boutique Awa" });
    await page.goto(pathOf(gateway.link));
    await fillPayment(page, "670000003", "ORANGE_MONEY_CMR");
    await page.getByRole("button", { name: /^Payer/ }).tap();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await expect(page.locator("main")).toContainText("Saisissez votre code secret Orange");
    await expect(page.getByRole("heading", { name: "Le paiement n’a pas abouti" })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("main")).toContainText("La demande a expiré : elle n’a pas été validée à temps. Aucun montant n’a été débité.");
    await shot(page, "04-expired");
    await page.getByRole("link", { name: "Réessayer" }).tap();
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeEnabled();
    // what the buyer typed is kept: they may retry as is, or change the number
    await expect(page.locator("#phone")).toHaveValue("6 70 00 00 03");
    await expect(page.locator("#operator")).toHaveValue("ORANGE_MONEY_CMR");
  });

  test("one attempt at a time: 'use another number' says how long to wait; another number is told when to try", async ({ page, createGateway }) => {
    const gateway = await createGateway({ shop_name: "Boutique Awa" });
    // a second tab, another number, filled in beforehand: the first attempt stays pending for only
    // DEPOSIT_EXPIRY_SECONDS (8 s), so everything that needs it pending comes first, screenshots after
    const second = await page.context().newPage();
    await second.goto(pathOf(gateway.link));
    await fillPayment(second, "670000010");

    await page.goto(pathOf(gateway.link));
    await fillPayment(page, "670000003"); // never answers: the sandbox keeps it processing until it expires
    await page.getByRole("button", { name: /^Payer/ }).tap();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();

    // while the first attempt is pending: told to wait, nothing sent
    await second.getByRole("button", { name: /^Payer/ }).tap();
    await expect(second.locator("#err-form")).toHaveText(
      "Un paiement est déjà en cours sur ce lien avec un autre numéro. Réessayez dans 1\u00a0min, quand il aura abouti ou expiré.",
    );
    await expect(second.getByRole("button", { name: /^Payer/ })).toBeEnabled();

    const other = page.getByRole("button", { name: "Utiliser un autre numéro" });
    await expect(other).toBeVisible();
    await other.tap();
    await expect(page.locator(".other .alert")).toHaveText(/^Cette demande peut encore être validée sur le téléphone\. Vous pourrez utiliser un autre numéro dans [12]\smin\.$/);
    await shot(page, "13-other-number-too-early");
    await shot(second, "14-payment-in-progress");

    // once the first attempt has expired, the other number pays
    await expect(page.getByRole("heading", { name: "Le paiement n’a pas abouti" })).toBeVisible({ timeout: 30_000 });
    await second.getByRole("button", { name: /^Payer/ }).tap();
    await expect(second.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 20_000 });
  });

  test("wrong details: friendly messages beside the fields, values kept, the button usable again", async ({ page, createGateway }) => {
    const gateway = await createGateway();
    await page.goto(pathOf(gateway.link));
    await fillPayment(page, "12 34 56");
    await page.getByRole("button", { name: /^Payer/ }).tap();
    await expect(page.locator("#err-phone")).toHaveText("Ce numéro ne semble pas valide pour le pays choisi (Cameroun). Exemple : 6 71 23 45 67.");
    await expect(page.locator("#err-form")).toHaveText("Certaines informations sont à corriger.");
    await expect(page.locator("#phone")).toHaveValue("12 34 56");
    await expect(page.locator("#phone")).toBeFocused();
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeEnabled();
    await shot(page, "05-link-errors");
  });

  test("in English, the choice holds through the flow", async ({ page, createGateway }) => {
    const gateway = await createGateway({ amount: 2500, shop_name: "Awa's shop" });
    await page.goto(pathOf(gateway.link));
    await page.getByRole("link", { name: "English" }).tap();
    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page.locator(".amount")).toHaveText("FCFA 2,500");
    await shot(page, "06-link-form-en");
    await fillPayment(page, "670000000");
    await page.getByRole("button", { name: "Pay FCFA 2,500" }).tap();
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\?lang=en$/);
    await shot(page, "07-receipt-en");
  });

  test("without JavaScript: a plain form post, a self-reloading waiting page, then success_url", async ({ browser, createGateway, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, isMobile: true, locale: "fr-FR", extraHTTPHeaders: asClient() });
    const page = await context.newPage();
    const orderId = unique("NOJS");
    const gateway = await createGateway({ order_id: orderId, success_url: `${baseURL}/healthz?nojs=1` });
    await page.goto(pathOf(gateway.link));
    // every payable country's operators, grouped, as the script is not there to filter them
    await expect(page.locator("#operator optgroup")).toHaveCount(3);
    await shot(page, "08-nojs-form");
    await fillPayment(page, "670000000");
    await page.getByRole("button", { name: /^Payer/ }).click();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/pay/${gateway.id}/TRK[A-Z2-7]{20}$`));
    // the page reloads itself every 3 s: its picture is taken from a still copy
    await stillShot(page, path.join(SHOTS, "09-nojs-waiting.png"));
    await page.waitForURL(/\/healthz\?nojs=1&/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("status")).toBe("success");
    await context.close();
  });

  test("unknown and archived links explain themselves", async ({ page, createGateway, request, withKey }) => {
    await page.goto("/pay/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Lien de paiement introuvable" })).toBeVisible();
    await shot(page, "10-not-found");
    const gateway = await createGateway({ shop_name: "Boutique fermée" });
    expect((await request.delete(`/v1/gateway/${gateway.id}`, { headers: withKey() })).status()).toBe(200);
    const response = await page.goto(pathOf(gateway.link));
    expect(response!.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "Ce lien de paiement n’est plus disponible" })).toBeVisible();
    await shot(page, "11-archived");
  });

  test("every response of the page carries the strict headers, and nothing loads from elsewhere", async ({ page, createGateway, baseURL }) => {
    const gateway = await createGateway();
    const origins = new Set<string>();
    page.on("request", (r) => origins.add(new URL(r.url()).origin));
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    const response = await page.goto(pathOf(gateway.link));
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect([headers["referrer-policy"], headers["x-content-type-options"], headers["cache-control"]]).toEqual([
      "strict-origin-when-cross-origin",
      "nosniff",
      "no-store",
    ]);
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible();
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
    expect(problems).toEqual([]); // no CSP violation reported by the browser
  });
});

type MarketLink = { id: string; link: string };

/** The account's test marketplace with every block type and an uploaded logo (made once, then updated). */
async function marketplaceLink(request: APIRequestContext, headers: Record<string, string>): Promise<MarketLink> {
  const multipart = {
    name: "Marché Awa",
    color: "#7c3aed",
    fee: "5",
    is_active: "true",
    form_blocks: JSON.stringify(EVERY_BLOCK),
    "logo.0": { name: "logo.png", mimeType: "image/png", buffer: logoPng(96) },
    "favicon.0": { name: "favicon.png", mimeType: "image/png", buffer: logoPng(32) },
  };
  const created = await request.post("/v1/api/marketplace", { headers, multipart });
  if (created.status() === 409) {
    const updated = await request.patch("/v1/api/marketplace/", { headers, multipart });
    expect(updated.status(), await updated.text()).toBe(200);
  } else {
    expect(created.status(), await created.text()).toBe(200);
  }
  const link = await request.post("/v1/api/marketplace/gateway", {
    headers,
    data: { amount: 10000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir, fabriquées à Douala." },
  });
  expect(link.status(), await link.text()).toBe(200);
  return (await link.json()) as MarketLink;
}

async function fillEverything(page: Page) {
  await fillBuyer(page, EVERY_ANSWER_BY_NAME);
  await fillPayment(page, "6 90 00 00 00", "ORANGE_MONEY_CMR");
}

async function transactionsOf(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const res = await request.get(`/v1/api/marketplace/gateway/${id}/transactions`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; additional_info: unknown; buyer: Record<string, unknown>; buyer_price: number }[];
}

test.describe("a marketplace link", () => {
  // one marketplace per account: these share it, one at a time
  test.describe.configure({ mode: "serial" });

  test("wears the marketplace's colours; every block type is asked; the transaction shows the answers", async ({ page, request, withKey }) => {
    const link = await marketplaceLink(request, withKey());
    const response = await page.goto(pathOf(link.link));
    // the uploaded logo and favicon come from our own origin: the CSP needs no other image host
    expect(response!.headers()["content-security-policy"]).toContain("img-src 'self';");
    await expect(page).toHaveTitle("Payer Marché Awa");
    await expect(page.locator("header .logo")).toBeVisible();
    await expect(page.locator("header .logo")).toHaveAttribute("src", /^\/files\/[0-9a-f-]+\.png$/);
    expect(await page.locator("header .logo").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(page.locator(".amount")).toHaveText("10 500 FCFA");
    const button = page.getByRole("button", { name: "Payer 10 500 FCFA" });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(124, 58, 237)");
    await shot(page, "20-market-form");
    await shot(page, "20-market-form-first-screen", false); // what a phone shows before scrolling

    // the browser's own checks first (required fields), then the server's words
    await button.tap();
    await expect(page.locator(".field.bad")).toHaveCount(0); // nothing sent: the browser asked for the required fields
    await fillEverything(page);
    await page.fill("#a-telephone_du_destinataire", "12");
    await button.tap();
    await expect(page.locator("#err-answers\\.telephone_du_destinataire")).toHaveText("Ce numéro de téléphone ne semble pas valide.");
    await shot(page, "21-market-errors");
    await page.fill("#a-telephone_du_destinataire", "+237 6 99 11 22 33");

    const release = await holdRequests(page, STATUS_POLL);
    await button.tap();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await shot(page, "22-market-waiting");
    await release();
    await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 20_000 });
    await shot(page, "23-market-receipt");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "23-market-receipt-desktop");

    const list = await transactionsOf(request, withKey(), link.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: "success",
      buyer_price: 10500,
      product_price: 10000,
      buyer: { full_name: "Awa Ndiaye", email: "awa@example.com", phone_number: "237690000000" },
      additional_info: EVERY_ANSWER,
    });
  });

  test("desktop form", async ({ page, request, withKey }) => {
    const link = await marketplaceLink(request, withKey());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pathOf(link.link));
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible();
    await shot(page, "24-market-form-desktop");
  });

  test("a double tap makes one deposit", async ({ page, request, withKey }) => {
    const link = await marketplaceLink(request, withKey());
    await page.goto(pathOf(link.link));
    await fillEverything(page);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.getByRole("button", { name: /^Payer/ }).dblclick();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(await transactionsOf(request, withKey(), link.id)).toHaveLength(1);
  });

  test("without JavaScript, a double tap still makes one deposit (the client token)", async ({ browser, request, withKey }) => {
    const link = await marketplaceLink(request, withKey());
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, isMobile: true, locale: "fr-FR", extraHTTPHeaders: asClient() });
    const page = await context.newPage();
    await page.goto(pathOf(link.link));
    await fillEverything(page);
    await page.getByRole("button", { name: /^Payer/ }).dblclick();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    expect(await transactionsOf(request, withKey(), link.id)).toHaveLength(1);
    await context.close();
  });

  test("an inactive marketplace says it is not selling now", async ({ page, request, withKey }) => {
    const link = await marketplaceLink(request, withKey());
    const off = await request.patch("/v1/api/marketplace/", { headers: withKey(), multipart: { is_active: "false" } });
    expect(off.status()).toBe(200);
    try {
      const response = await page.goto(pathOf(link.link));
      expect(response!.status()).toBe(409);
      await expect(page.getByRole("heading", { name: "Cette boutique n’accepte pas de paiements pour le moment" })).toBeVisible();
      await shot(page, "25-market-inactive");
    } finally {
      await request.patch("/v1/api/marketplace/", { headers: withKey(), multipart: { is_active: "true" } });
    }
  });
});

