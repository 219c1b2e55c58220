// A merchant's lists on a phone (375×812) and a desktop (1440×900), in French and in English: each
// list's rows become cards on the phone with nothing cut or off-screen; a marketplace link has the
// payment links' share panel (WhatsApp, SMS, the QR code as PNG and SVG); the deposit card words
// the provider's exchanges for a merchant (the technical detail behind « Détails »); the English
// pages have no French. Screenshots in e2e/.artifacts/day-four/ (`{page}-{size}[-en].png`).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { signUpThrough, uniqueEmail } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "day-four");
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
type Lang = "fr" | "en";

type World = { storage: Awaited<ReturnType<BrowserContext["storageState"]>>; apiKey: string; market: string; failedTrack: string; paidTrack: string };
let world: World;

const token = () => randomBytes(24).toString("base64url");

async function attempt(request: APIRequestContext, pathName: string, body: Record<string, unknown>): Promise<string> {
  const res = await request.post(`/api/checkout${pathName}`, { data: { country: "CMR", client_token: token(), ...body } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { track_id: string }).track_id;
}

async function settled(request: APIRequestContext, apiKey: string, trackId: string, status: string): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/v1/api/deposit/get_transaction?track_id=${trackId}`, { headers: { "api-key": apiKey } })).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe(status);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ extraHTTPHeaders: asClient() });
  const request = context.request;
  const { apiKey } = await signUpThrough(request, "Awa Wax & Sons", uniqueEmail("dayfour"));
  const headers = { "api-key": apiKey };
  const gateway = async (data: Record<string, unknown>) => {
    const res = await request.post("/v1/gateway", { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const open = await gateway({ amount: 15000, shop_name: "Awa Wax & Sons — the long name of a stall at the Sandaga market", order_id: "ORDER-2026-0042-WITH-A-LONG-REFERENCE" });
  const paid = await gateway({ amount: 5000, shop_name: "Awa Wax", order_id: "ORDER-43" });
  const market = await request.post("/v1/api/marketplace", { headers, multipart: { name: "Awa Market", fee: "2.5" } });
  expect(market.status(), await market.text()).toBe(200);
  const link = await request.post("/v1/api/marketplace/gateway", { headers, data: { amount: 15000, shop_name: "Fatou Leather Workshop", phone_number: "+237 6 99 00 00 00" } });
  expect(link.status(), await link.text()).toBe(200);
  const marketId = ((await link.json()) as { id: string }).id;
  const failedTrack = await attempt(request, `/pay/${open}`, { operator: "MTN_MOMO_CMR", phone: "6 70 00 00 01" }); // insufficient funds
  const paidTrack = await attempt(request, `/pay/${paid}`, { operator: "MTN_MOMO_CMR", phone: "6 70 00 00 00" });
  const buyer = { full_name: "Awa Ndiaye-Diallo de Bonamoussadi", email: "awa.ndiaye.long-address@example.com" };
  const marketTrack = await attempt(request, `/pay/m/${marketId}`, { operator: "ORANGE_MONEY_CMR", phone: "6 90 00 00 00", ...buyer });
  await settled(request, apiKey, failedTrack, "failed");
  await settled(request, apiKey, paidTrack, "success");
  await settled(request, apiKey, marketTrack, "success");
  world = { storage: await context.storageState(), apiKey, market: marketId, failedTrack, paidTrack };
  await context.close();
});

async function signedIn(browser: Browser, lang: Lang, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: lang === "fr" ? "fr-FR" : "en-US", extraHTTPHeaders: asClient(), storageState: world.storage });
  const origin = new URL(process.env.KOLA_E2E_BASE_URL!);
  await context.addCookies([{ name: "kola_lang", value: lang, domain: origin.hostname, path: "/" }]);
  return { context, page: await context.newPage() };
}

const slow = expect.configure({ timeout: 20_000 });

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Nothing wider than the window, every list row inside it, nothing cut inside a row; the rows' layout (cards or table rows). */
async function fits(page: Page, label: string, phone: boolean): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const rows = [...document.querySelectorAll("table.kola-list > tbody > tr")].filter((r) => (r as HTMLElement).offsetParent !== null);
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      width,
      displays: rows.map((r) => getComputedStyle(r).display),
      outside: rows.flatMap((r) => {
        const box = r.getBoundingClientRect();
        const inner = [...r.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > width + 1 && (e as HTMLElement).offsetParent !== null);
        return box.left < -1 || box.right > width + 1 || inner.length > 0 ? [`${r.textContent?.slice(0, 60)} → ${Math.round(box.right)}`] : [];
      }),
      // a cell whose text is clipped (an ellipsis, a hidden overflow)
      cut: rows.flatMap((r) => [...r.querySelectorAll("td[data-kind], td[data-kind] *")].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible").map((e) => e.textContent?.slice(0, 40) ?? "")),
    };
  });
  expect(found.scrollWidth, `${label}: page width`).toBeLessThanOrEqual(found.width);
  expect(found.outside, `${label}: rows off-screen`).toEqual([]);
  // on the phone nothing is cut; a desktop table may shorten a long name (its whole text is a tap away)
  if (phone) expect(found.cut, `${label}: text cut`).toEqual([]);
  return found.displays;
}

const LISTS = [
  { name: "overview", path: "/dashboard", rows: 2 },
  { name: "deposits", path: "/dashboard/deposits", rows: 3 },
  { name: "links", path: "/dashboard/links", rows: 2 },
  { name: "balance", path: "/dashboard/balance", rows: 1 },
  { name: "marketplace-links", path: "/dashboard/marketplace-links", rows: 1 },
  { name: "sellers", path: "/dashboard/sellers", rows: 1 },
  { name: "developers", path: "/dashboard/developers", rows: 1 },
] as const;

// French words and typography an English page must not show (business data here is English)
const FRENCH = /\b(Tous|Toutes|Statut|Paiements?|Retour|Rechercher|Montant|Liens?|Créer|Numéro|Aucun|Réussi|Échoué|Révoquer|Versements?|Solde|Déconnexion|Clients?|Opérateur|Fournisseur|Télécharger|Copier)\b|\S :|« | »/;

for (const lang of ["fr", "en"] as const) {
  for (const list of LISTS) {
    test(`${list.name} at 375 and 1440 (${lang}): cards on the phone, nothing cut${lang === "en" ? ", no French" : ""}`, async ({ browser }) => {
      const { context, page } = await signedIn(browser, lang);
      await page.goto(list.path);
      await slow(page.locator("table.kola-list > tbody > tr").first()).toBeVisible();
      await slow(page.locator("[aria-busy=true]")).toHaveCount(0);
      expect(await page.locator("table.kola-list > tbody > tr").count(), list.name).toBeGreaterThanOrEqual(list.rows);
      const phone = await fits(page, `${list.name} at 375 (${lang})`, true);
      expect(new Set(phone), `${list.name}: cards at 375`).toEqual(new Set(["grid"]));
      await shot(page, `${list.name}-375${lang === "en" ? "-en" : ""}`);
      if (lang === "en") {
        const text = await page.locator("main").innerText();
        expect(text.match(FRENCH)?.[0] ?? null, `${list.name}: French on an English page`).toBeNull();
      }
      if (list.name === "developers") {
        // the API keys: « Révoquer » whole on the phone
        const revoke = page.getByRole("button", { name: lang === "fr" ? /^Révoquer/ : /^Revoke/ }).first();
        await expect(revoke).toHaveText(lang === "fr" ? "Révoquer" : "Revoke");
        const box = (await revoke.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await page.setViewportSize(DESKTOP);
      const desktop = await fits(page, `${list.name} at 1440 (${lang})`, false);
      expect(new Set(desktop), `${list.name}: a table at 1440`).toEqual(new Set(["table-row"]));
      await shot(page, `${list.name}-1440${lang === "en" ? "-en" : ""}`);
      await context.close();
    });
  }

  test(`a marketplace link's share panel (${lang}): WhatsApp, SMS, the QR code as PNG and SVG, the address whole`, async ({ browser }) => {
    const { context, page } = await signedIn(browser, lang);
    await page.goto(`/dashboard/marketplace-links/${world.market}`);
    await slow(page.getByRole("heading", { level: 1, name: "Fatou Leather Workshop" })).toBeVisible();
    const url = page.getByTestId("link-url");
    await expect(url).toHaveText(new RegExp(`/pay/m/${world.market}$`));
    const urlBox = (await url.boundingBox())!;
    expect(urlBox.x + urlBox.width, "the address wraps inside the phone").toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("button", { name: lang === "fr" ? "Partager" : "Share" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("share-url")).toHaveText(new RegExp(`/pay/m/${world.market}$`));
    await expect(dialog.locator("[data-share=whatsapp]")).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*pay%2Fm%2F/);
    await expect(dialog.locator("[data-share=sms]")).toHaveAttribute("href", /^sms:/);
    await expect(dialog.getByTestId("qr-svg")).toBeVisible();
    const downloading = page.waitForEvent("download");
    await dialog.getByTestId("qr-png").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("kola-qr-fatou-leather-workshop.png");
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 8).toString("hex"), "a PNG file").toBe("89504e470d0a1a0a");
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, `marketplace-link-share-375${lang === "en" ? "-en" : ""}`);
    await context.close();
  });

  test(`the deposit card (${lang}): the provider's exchanges in words, the technical detail behind « Détails »`, async ({ browser }) => {
    const { context, page } = await signedIn(browser, lang);
    await page.goto(`/dashboard/deposits?track_id=${world.failedTrack}`);
    const log = page.getByTestId("provider-log");
    await slow(log.getByTestId("provider-exchange").first()).toBeVisible();
    await expect(log).toContainText(lang === "fr" ? "L'opérateur a refusé : solde mobile money insuffisant" : "The operator refused: not enough money in the mobile money account");
    const seen = await page.locator("main").innerText();
    for (const word of ["POST", "/api/", "settled", "sandbox", "Bac à sable", "Sandbox", "track_id", "{"]) expect(seen, `« ${word} » before « Détails »`).not.toContain(word);
    await shot(page, `deposit-card-375${lang === "en" ? "-en" : ""}`);
    await log.getByText(lang === "fr" ? "Détails" : "Details").first().click();
    await expect(log.getByText(/POST \/api\/providers\/sandbox\/callback/).first()).toBeVisible();
    await shot(page, `deposit-card-details-375${lang === "en" ? "-en" : ""}`);
    await page.setViewportSize(DESKTOP);
    await shot(page, `deposit-card-details-1440${lang === "en" ? "-en" : ""}`);
    await context.close();
  });
}

test("the docs page has a way back and its own words in French", async ({ browser }) => {
  const { context, page } = await signedIn(browser, "fr");
  await page.goto("/docs");
  await expect(page.getByRole("link", { name: "← Retour au tableau de bord" })).toHaveAttribute("href", "/dashboard");
  await expect(page.locator("header[lang]")).toContainText("La référence de l'API Kola");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("link", { name: "← Back to the dashboard" })).toBeVisible();
  await context.close();
});
