// A stall (a reusable counter page buyers pay by themselves) against the production server (e2e/global-setup.ts): a merchant opens a
// stall for its cashier; a buyer on a phone scans it (/s/{code}), chooses the amount, types a
// sandbox number that succeeds (the sandbox calls back by itself) and sees « Paiement reçu »; the
// cashier finds the sale in the API's day and summary; the cashier's poster prints (A6 PDF).
// Screenshots (375 and 1440 px) go to e2e/.artifacts/checkout/.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { mailLink } from "../dashboard/mail";
import { stillShot } from "../support/still-shot";
import { signUpThrough, uniqueEmail } from "../dashboard/support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "checkout");
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1440, height: 900 };

async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [label, viewport] of [["375", PHONE], ["1440", WIDE]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test("a buyer pays at a cashier's stall; the cashier sees the sale; the poster prints", async ({ browser, page }) => {
  const origin = new URL(process.env.KOLA_E2E_BASE_URL!).origin;
  // — the merchant, and a cashier who joins by the mailed invitation
  const ownerContext = await browser.newContext({ viewport: WIDE, extraHTTPHeaders: asClient() });
  const owner = await ownerContext.newPage();
  const merchant = await signUpThrough(owner.request, "Boutique Awa");
  const cashierEmail = uniqueEmail("cashier");
  const invited = await owner.request.post("/v1/invitations", { headers: { origin, "kola-mode": "test" }, data: { email: cashierEmail, role: "cashier" } });
  expect(invited.status(), await invited.text()).toBe(200);
  const token = new URL(await mailLink(owner.request, cashierEmail, "/invitation")).searchParams.get("token");
  const cashierContext = await browser.newContext({ viewport: WIDE, extraHTTPHeaders: asClient() });
  const cashier = await cashierContext.newPage();
  const joined = await cashier.request.post("/api/auth/invitations/accept", { headers: { origin }, data: { token, password: "cashier-password-1234", name: "Awa Caisse" } });
  expect(joined.status(), await joined.text()).toBe(200);
  const key = { "api-key": merchant.apiKey };
  const members = (await (await owner.request.get("/v1/members", { headers: key })).json()) as { user_id: string; email: string }[];
  const cashierId = members.find((m) => m.email === cashierEmail)!.user_id;

  // — the cashier's stall, opened by the merchant
  const created = await owner.request.post("/v1/stalls", { headers: key, data: { name: "Caisse 1", min_amount: 100, max_amount: 50000, user_id: cashierId } });
  expect(created.status(), await created.text()).toBe(200);
  const stall = (await created.json()) as { id: string; code: string; url: string };
  await owner.goto("/dashboard/counter/stall");
  await expect(owner.getByTestId("stall-url")).toHaveText(stall.url);
  await shots(owner, "stall-manage");

  // — the cashier's counter screen, open while the buyer pays: the sale must arrive by itself
  await cashier.goto("/dashboard/counter");
  await expect(cashier.getByTestId("today-total")).toContainText("0 FCFA");

  // — the buyer, on a phone: an amount out of bounds first, then a good one
  await page.goto(new URL(stall.url).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Caisse 1" })).toBeVisible();
  await expect(page.locator("#amount-hint")).toHaveText("Entre 100 et 50\u202f000\u00a0FCFA");
  await shots(page, "stall-form");
  await page.fill("#amount", "60000");
  await page.fill("#phone", "6 70 00 00 00");
  // the script pre-chooses the operator from the number's prefix
  await expect(page.locator("#operator")).toHaveValue("MTN_MOMO_CMR");
  await page.getByRole("button", { name: "Payer" }).tap();
  await expect(page.locator("#err-amount")).toHaveText("Choisissez un montant entre 100 et 50\u202f000\u00a0FCFA.");
  await shots(page, "stall-form-error");
  await page.fill("#amount", "2500");
  await page.getByRole("button", { name: "Payer" }).tap();
  await page.waitForURL(/\/s\/[0-9a-z]{10}\/p\/[0-9a-f-]{36}\?lang=fr$/);
  const requestId = /\/p\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const paid = page.getByRole("heading", { name: "Paiement reçu ✔" });
  if (!(await paid.isVisible())) {
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone (code secret)" })).toBeVisible();
    await stillShot(page, path.join(SHOTS, "stall-waiting-375.png")); // the page reloads itself once paid
  }
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".facts")).toContainText("2\u202f500\u00a0FCFA");
  await expect(page.locator("body")).not.toContainText("70 00 00 00");
  await shots(page, "stall-paid");

  // — on the counter screen, without a reload: the stall's sale, paid, and the day's total
  const today = cashier.getByRole("list", { name: "Ventes du jour" });
  await expect(today.getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await expect(today.getByRole("listitem").first()).toContainText("Payé");
  await expect(cashier.getByTestId("today-total")).toContainText(/2\s500\sFCFA/);
  await cashier.screenshot({ path: path.join(SHOTS, "stall-sale-on-counter-1440.png"), fullPage: true });
  // the buyer's receipt code, on their page and at /r/{code}
  const receipt = (await page.locator("body").innerText()).match(/[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}/)?.[0];
  expect(receipt, "the paid page shows the receipt code").toBeTruthy();
  await page.goto(`/r/${receipt}`);
  await expect(page.locator("body")).toContainText(/2\s500\sFCFA/);
  await page.goBack();

  // — the cashier: the sale is theirs, today, in the list and the summary the counter screen polls
  const session = { "kola-mode": "test" };
  const day = (await (await cashier.request.get("/v1/payment-requests?day=today", { headers: session })).json()) as Record<string, unknown>[];
  expect(day.map((r) => [r.id, r.channel, r.status, r.amount, r.stall_id, (r.collected_by as { id: string }).id])).toEqual([[requestId, "stall", "paid", 2500, stall.id, cashierId]]);
  const summary = (await (await cashier.request.get("/v1/payment-requests/summary", { headers: session })).json()) as Record<string, unknown>;
  expect(summary).toMatchObject({ currency: "XAF", paid_count: 1, paid_total: 2500, by_collector: [{ collected_by: { type: "member", id: cashierId }, paid_count: 1, paid_total: 2500 }] });

  // — the cashier's poster: on screen, in print, and as an A6 PDF
  await cashier.goto("/dashboard/counter/poster");
  const poster = cashier.getByRole("article", { name: "Affiche du comptoir" });
  await expect(poster).toContainText("Scannez pour payer");
  await expect(poster).toContainText(new URL(stall.url).host + new URL(stall.url).pathname);
  await expect(poster.locator(".ops li")).toHaveText(["MTN", "Orange"]);
  await shots(cashier, "poster");
  await cashier.emulateMedia({ media: "print" });
  await cashier.screenshot({ path: path.join(SHOTS, "poster-print.png") });
  // one page of each size (page.pdf prints with the print media, as the browser's dialog does)
  const pages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  const a6 = await cashier.pdf({ format: "A6", printBackground: true });
  expect([a6.subarray(0, 5).toString(), pages(a6)]).toEqual(["%PDF-", 1]);
  fs.writeFileSync(path.join(SHOTS, "poster-a6.pdf"), a6);
  await cashier.goto("/dashboard/counter/poster?size=a5");
  await expect(cashier.locator(".poster")).toHaveAttribute("data-size", "a5");
  const a5 = await cashier.pdf({ format: "A5", printBackground: true });
  expect([a5.subarray(0, 5).toString(), pages(a5)]).toEqual(["%PDF-", 1]);
  fs.writeFileSync(path.join(SHOTS, "poster-a5.pdf"), a5);

  await ownerContext.close();
  await cashierContext.close();
});
