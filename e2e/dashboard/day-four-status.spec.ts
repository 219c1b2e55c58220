// A paid link for strangers and its payer, statuses that tell the truth, and three small fixes, walked as a trader and their buyers would, at 375×812
// and 1440, in French and English (screenshots in e2e/.artifacts/dashboard/status-*.png):
// - a paid single-use link: strangers read « Ce lien a déjà été payé », the payer's browser its
//   receipt; the dashboard warns before sharing a paid link;
// - statuses that tell the truth: a link whose only attempt failed is open, the attempt failed; a
//   failed payment's page does not title its link « Lien payé »; a partly refunded payment says so,
//   its refund in its history;
// - ?new=1 leaves the address once the dialog opens, the shop name starts as the business's, and
//   the overview's chart and headline are one measure.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { sessionPost, signUpThrough } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
const SIZES = [
  ["375", { width: 375, height: 812 }],
  ["1440", { width: 1440, height: 900 }],
] as const;

const W = {
  fr: {
    paidTitle: "Ce lien a déjà été payé",
    receipt: "Paiement reçu",
    pay: /^Payer/,
    open: "Ouvert",
    paid: "Payé",
    failed: "Échoué",
    partly: "Remboursé en partie",
    share: "Partager",
    shareAnyway: "Partager quand même",
    sharePanel: "Partager le lien",
    shareText: /Un client qui l’ouvre lira « Ce lien a déjà été payé » et ne pourra pas payer\./,
    refundLine: /Remboursement de 2\s000\sFCFA · envoyé/,
    linkCard: "Lien",
    oldLinkCard: "Lien payé",
    five: /5\s000\sFCFA/,
    createTitle: "Nouveau lien de paiement",
    shopName: "Nom affiché au client",
    chart: /Revenu net par jour/,
    net: "Revenu net",
    today: /revenu net 3\s000\sFCFA \(1 paiement réussi\)/,
  },
  en: {
    paidTitle: "This link has already been paid",
    receipt: "Payment received",
    pay: /^Pay/,
    open: "Open",
    paid: "Paid",
    failed: "Failed",
    partly: "Partly refunded",
    share: "Share",
    shareAnyway: "Share anyway",
    sharePanel: "Share the link",
    shareText: /A customer who opens it will read “This link has already been paid” and cannot pay\./,
    refundLine: /Refund of FCFA\s2,000 · sent/,
    linkCard: "Link",
    oldLinkCard: "Link paid",
    five: /FCFA\s5,000/,
    createTitle: "New payment link",
    shopName: "Name shown to the customer",
    chart: /Net revenue per day/,
    net: "Net revenue",
    today: /net revenue FCFA\s3,000 \(1 successful payment\)/,
  },
} as const;
type Lang = keyof typeof W;

/** A browser of its own (cookies and all), in `lang`, phone-sized first. */
async function browserIn(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[0][1], locale: lang === "fr" ? "fr-FR" : "en-US", extraHTTPHeaders: asClient() });
  await context.addCookies([{ name: "kola_lang", value: lang, domain: new URL(process.env.KOLA_E2E_BASE_URL!).hostname, path: "/" }]);
  return context;
}

/** Screenshots at 375 and 1440 (`status-<name>-<size>[-en].png`), nothing wider than the screen. */
async function bothSizes(page: Page, name: string, lang: Lang): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SHOTS, `status-${name}-${label}${lang === "fr" ? "" : "-en"}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: width at ${label}`).toBeLessThanOrEqual(viewport.width);
  }
  await page.setViewportSize(SIZES[0][1]);
}

/** A buyer pays `url` in the checkout of `page` with `phone` (sandbox: …00 succeeds, …01 fails); its track_id once finished. */
async function pay(page: Page, url: string, phone: string, lang: Lang, outcome: "success" | "failed"): Promise<string> {
  await page.goto(new URL(url).pathname);
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await page.fill("#phone", phone);
  await page.getByRole("button", { name: W[lang].pay }).click();
  await expect(page.locator(".ref").first()).toHaveText(/TRK[A-Z2-7]{20}/);
  const trackId = (await page.locator(".ref").first().textContent())!.trim();
  if (outcome === "success") await expect(page.getByRole("heading", { name: W[lang].receipt })).toBeVisible({ timeout: 30_000 });
  else await expect.poll(async () => ((await (await page.request.get(`/api/checkout/status/${trackId}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");
  return trackId;
}

for (const lang of ["fr", "en"] as const) {
  const w = W[lang];
  // numbers of their own per language: the checkout allows a few attempts per number
  const number = (end: string) => (lang === "fr" ? `6 70 00 20 ${end}` : `6 70 00 30 ${end}`);

  test(`row 1 (${lang}): a paid link shows strangers « déjà payé », the payer their receipt; sharing it warns first`, async ({ browser }) => {
    test.setTimeout(300_000);
    const merchant = await browserIn(browser, lang);
    await signUpThrough(merchant.request, "Boutique Mama Ngono");
    const dashboard = await merchant.newPage();
    const link = await sessionPost<{ id: string; link: string }>(dashboard, "/v1/gateway", { amount: 5000, shop_name: "Boutique Mama Ngono", message: "Pagne wax" });

    // the buyer pays on their phone, then reopens the address they were sent: their receipt
    const buyer = await browserIn(browser, lang);
    const phone = await buyer.newPage();
    const trackId = await pay(phone, link.link, number("00"), lang, "success");
    await phone.goto(`/pay/${link.id}`);
    await expect(phone.getByRole("heading", { name: w.receipt })).toBeVisible();
    await expect(phone.getByText(trackId)).toBeVisible();
    await bothSizes(phone, "1-payer-reopens-link", lang);

    // someone else holding the address: no amount, purchase, reference or "paid" screen to show at the stall
    const stranger = await browserIn(browser, lang);
    const other = await stranger.newPage();
    await other.goto(`/pay/${link.id}`);
    await expect(other.getByRole("heading", { name: w.paidTitle })).toBeVisible();
    const seen = await other.locator("body").innerText();
    expect(seen).not.toMatch(w.five);
    for (const secret of [trackId, "Pagne wax", w.receipt]) expect(seen).not.toContain(secret);
    await expect(other.getByRole("button", { name: w.pay })).toHaveCount(0);
    await bothSizes(other, "1-stranger-paid-link", lang);

    // the dashboard: the link is « Payé »; « Partager » warns before the share panel
    await dashboard.goto("/dashboard/links");
    for (const [label, viewport] of SIZES) {
      await dashboard.setViewportSize(viewport);
      // the first load waits for the dashboard's script, slow on a machine busy with other builds
      await expect(dashboard.getByText(w.paid, { exact: true }).locator("visible=true").first()).toBeVisible({ timeout: 45_000 });
      await dashboard.getByRole("button", { name: `${w.share} — Boutique Mama Ngono` }).click();
      const warning = dashboard.getByRole("dialog", { name: w.paidTitle });
      await expect(warning).toContainText(w.shareText);
      await dashboard.waitForTimeout(250);
      await dashboard.screenshot({ path: path.join(SHOTS, `status-1-share-paid-warning-${label}${lang === "fr" ? "" : "-en"}.png`), fullPage: true });
      await warning.getByRole("button", { name: w.shareAnyway }).click();
      const panel = dashboard.getByRole("dialog", { name: w.sharePanel });
      await expect(panel).toBeVisible();
      await dashboard.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    }
    await Promise.all([merchant.close(), buyer.close(), stranger.close()]);
  });

  test(`row 8 (${lang}): a link whose attempt failed is open, the attempt failed; a partly refunded payment says so, with its refund in its history`, async ({ browser }) => {
    test.setTimeout(300_000);
    const merchant = await browserIn(browser, lang);
    await signUpThrough(merchant.request, "Boutique Mama Ngono");
    const page = await merchant.newPage();
    const failing = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 4000, shop_name: "Panier échoué" });
    const paid = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 5000, shop_name: "Panier remboursé" });
    // a page per payment: a finished attempt's waiting page navigates by itself
    const failedTrack = await pay(await merchant.newPage(), failing.link, number("01"), lang, "failed");
    const paidTrack = await pay(await merchant.newPage(), paid.link, number("00"), lang, "success");
    // a refund of 2 000 of the 5 000, as the dashboard's refund dialog sends it
    const refund = await page.request.post("/v1/refunds", {
      headers: { origin: process.env.KOLA_E2E_BASE_URL!, "kola-mode": "test", "idempotency-key": randomUUID() },
      data: { track_id: paidTrack, amount: 2000, reason: "Un pagne abîmé" },
    });
    expect(refund.status(), await refund.text()).toBe(200);

    // the links: the failed one is « Ouvert » (buyers can still pay it), never « Échoué »
    await page.goto("/dashboard/links");
    const row = (name: string) => page.locator("li, tr").filter({ hasText: name }).locator("visible=true").first();
    for (const [, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await expect(row("Panier échoué")).toContainText(w.open, { timeout: 45_000 });
      await expect(row("Panier échoué")).not.toContainText(w.failed);
      await expect(row("Panier remboursé")).toContainText(w.paid);
    }
    await bothSizes(page, "8-links-open-paid", lang);

    // the failed link's page: open; its attempt failed
    await page.goto(`/dashboard/links/${failing.id}`);
    await expect(page.getByRole("heading", { name: "Panier échoué" })).toBeVisible();
    await expect(page.getByText(w.open, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(w.failed, { exact: true }).first()).toBeVisible();
    await bothSizes(page, "8-link-attempt-failed", lang);

    // the failed payment's page: its link card is « Lien », not « Lien payé »
    await page.goto(`/dashboard/payments/${failedTrack}`);
    await expect(page.getByRole("heading", { name: w.linkCard, exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole("heading", { name: w.oldLinkCard })).toHaveCount(0);
    await bothSizes(page, "8-failed-payment", lang);

    // the partly refunded payment: its badge and its history say so (amount and date)
    await page.goto(`/dashboard/payments/${paidTrack}`);
    await expect(page.getByText(w.partly, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("history")).toContainText(w.refundLine, { timeout: 30_000 });
    await bothSizes(page, "8-partly-refunded-payment", lang);

    // and in the lists: the deposits page and the overview's latest payments
    await page.goto("/dashboard/deposits");
    await expect(page.getByText(w.partly, { exact: true }).locator("visible=true").first()).toBeVisible();
    await bothSizes(page, "8-deposits-partly-refunded", lang);
    await merchant.close();
  });

  test(`row 13 (${lang}): ?new=1 leaves the address, the shop name starts as the business's, the chart and the headline agree`, async ({ browser }) => {
    test.setTimeout(300_000);
    const merchant = await browserIn(browser, lang);
    await signUpThrough(merchant.request, "Boutique Mama Ngono");
    const page = await merchant.newPage();

    await page.goto("/dashboard/links?new=1");
    const dialog = page.getByRole("dialog", { name: w.createTitle });
    await expect(dialog).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(/\/dashboard\/links$/);
    await expect(dialog.getByLabel(w.shopName)).toHaveValue("Boutique Mama Ngono");
    await bothSizes(page, "13-new-link-prefilled", lang);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog", { name: w.createTitle })).toHaveCount(0);

    // 5 000 paid, 2 000 refunded: the headline says 3 000, and so does today's bar
    const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 5000, shop_name: "Boutique Mama Ngono" });
    const buyer = await merchant.newPage();
    const trackId = await pay(buyer, link.link, lang === "fr" ? "6 70 00 21 00" : "6 70 00 31 00", lang, "success");
    await buyer.close();
    const refund = await page.request.post("/v1/refunds", {
      headers: { origin: process.env.KOLA_E2E_BASE_URL!, "kola-mode": "test", "idempotency-key": randomUUID() },
      data: { track_id: trackId, amount: 2000 },
    });
    expect(refund.status(), await refund.text()).toBe(200);
    await page.goto("/dashboard");
    const chart = page.getByRole("group", { name: w.chart });
    await expect(chart.getByRole("img", { name: w.chart })).toBeVisible();
    await expect(page.locator("dl > div").filter({ hasText: w.net }).first()).toContainText(lang === "fr" ? /3\s000\sFCFA/ : /FCFA\s3,000/);
    await chart.focus(); // today first
    await expect(page.getByRole("status").filter({ hasText: w.today })).toBeVisible();
    await bothSizes(page, "13-overview-net", lang);
    await merchant.close();
  });
}
