// Live payments through the providers' contract emulators, in Chromium at 375×812:
// pawaPay's push to the phone (MTN Cameroon) and CinetPay's redirect to its payment page (Orange
// Cameroon, which the e2e pawaPay emulator reports closed). Each ends on the merchant's success URL
// and shows in the dashboard with its provider log. Screenshots go to e2e/.artifacts/pay/.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUp } from "../dashboard/support";
import { STATUS_POLL, holdRequests } from "./data";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
// the last two specs make pawaPay fail for the whole server: the file's specs run one after the other
test.describe.configure({ mode: "serial" });

/** Makes the e2e pawaPay emulator refuse connections, answer 503 to everything, or work (e2e/global-setup.ts). */
async function pawapayIs(page: Page, state: "refuse" | "503" | "up") {
  const res = await page.request.post(process.env.KOLA_E2E_EMULATOR_CONTROL!, { data: { pawapay: state } });
  expect(res.status()).toBe(200);
}

/** A live payment link of the signed-in merchant, made with the dashboard's own session. */
async function liveLink(page: Page, baseURL: string, shop: string, tag: string): Promise<{ id: string }> {
  const res = await page.request.post("/v1/gateway", {
    headers: { "kola-mode": "live", origin: baseURL },
    data: { amount: 5000, shop_name: shop, success_url: `${baseURL}/healthz?merchant=${tag}`, failure_url: `${baseURL}/healthz?failed=${tag}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: string };
}

async function seeInDashboard(page: Page, trackId: string, lines: RegExp[], name: string) {
  await page.context().addCookies([{ name: "kola_mode", value: "live", url: page.url() }]);
  await page.goto(`/dashboard/deposits?track_id=${trackId}`);
  const log = page.getByTestId("provider-log");
  await expect(log).toBeVisible();
  for (const line of lines) await expect(log).toContainText(line);
  await log.scrollIntoViewIfNeeded();
  await shot(page, name);
}

test("a live link paid through pawaPay: push to the phone, success URL, provider log in the dashboard", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Push");
  const link = await liveLink(page, baseURL!, "Boutique Push", "pawapay");
  await page.goto(`/pay/${link.id}`);
  await expect(page.locator("#operator option[value=ORANGE_MONEY_CMR]")).toBeEnabled(); // CinetPay takes it
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await page.fill("#phone", "670000000");
  await shot(page, "20-live-pawapay-form");
  const release = await holdRequests(page, STATUS_POLL);
  await page.getByRole("button", { name: /^Payer/ }).tap();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  await shot(page, "21-live-pawapay-waiting");
  await release();
  await page.waitForURL(/\/healthz\?merchant=pawapay&.*status=success/, { timeout: 30_000 });
  const trackId = new URL(page.url()).searchParams.get("track_id")!;
  expect(trackId).toMatch(/^TRK[A-Z2-7]{20}$/);
  await seeInDashboard(page, trackId, [/POST \/v2\/deposits/, /accepted/, /POST \/api\/providers\/pawapay\/callback/, /settled:success/], "22-live-pawapay-dashboard");

  // Developers → Providers: both active, pawaPay reports Orange Cameroon closed
  await page.goto("/dashboard/developers");
  const providers = page.getByRole("region", { name: "Fournisseurs mobile money" }).first();
  await expect(providers.locator("tr[data-provider=pawapay]")).toContainText("Actif");
  await expect(providers.locator("tr[data-provider=cinetpay]")).toContainText("Actif");
  await expect(providers.locator("tr[data-provider=pawapay]")).toContainText("ORANGE_MONEY_CMR");
  await providers.scrollIntoViewIfNeeded();
  await shot(page, "25-live-providers-section");
});

test("a live link paid through CinetPay: redirect to its page, back, success URL, provider log in the dashboard", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Redirect");
  const link = await liveLink(page, baseURL!, "Boutique Redirect", "cinetpay");
  await page.goto(`/pay/${link.id}`);
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "ORANGE_MONEY_CMR");
  await page.fill("#phone", "690000000");
  await page.getByRole("button", { name: /^Payer/ }).tap();
  await page.waitForURL(/\/payment\/[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: "CinetPay" })).toBeVisible();
  await shot(page, "23-live-cinetpay-page");
  await page.getByRole("button", { name: "Payer" }).tap();
  await page.waitForURL(/\/healthz\?merchant=cinetpay&.*status=success/, { timeout: 30_000 });
  const trackId = new URL(page.url()).searchParams.get("track_id")!;
  await seeInDashboard(page, trackId, [/POST \/v2\/payment/, /created/, /POST \/v2\/payment\/check/, /settled:success/], "24-live-cinetpay-dashboard");
});

test("pawaPay down: the payment fails over to CinetPay (redirect to its page) and ends on the success page", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Relais");
  const link = await liveLink(page, baseURL!, "Boutique Relais", "failover");
  await page.goto(`/pay/${link.id}`);
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "MTN_MOMO_CMR"); // pawaPay first for MTN Cameroon
  await page.fill("#phone", "670000000");
  await pawapayIs(page, "refuse");
  try {
    await page.getByRole("button", { name: /^Payer/ }).tap();
    // pawaPay never got it (connection refused): CinetPay's page, under CinetPay's own reference
    await page.waitForURL(/\/payment\/[0-9a-f]+$/);
    await expect(page.getByRole("heading", { name: "CinetPay" })).toBeVisible();
    await shot(page, "26-failover-cinetpay-page");
    await page.getByRole("button", { name: "Payer" }).tap();
    await page.waitForURL(/\/healthz\?merchant=failover&.*status=success/, { timeout: 30_000 });
  } finally {
    await pawapayIs(page, "up");
  }
  const trackId = new URL(page.url()).searchParams.get("track_id")!;
  await seeInDashboard(page, trackId, [/POST \/v2\/deposits/, /connection_refused/, /POST \/v2\/payment/, /settled:success/], "27-failover-dashboard");
});

test("pawaPay unreachable (503): the honest page, the form kept; trying again once it answers goes through", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Franche");
  const link = await liveLink(page, baseURL!, "Boutique Franche", "honest");
  await page.goto(`/pay/${link.id}`);
  await page.selectOption("#country", "CMR");
  await page.selectOption("#operator", "MTN_MOMO_CMR");
  await page.fill("#phone", "670000000");
  await pawapayIs(page, "503");
  try {
    await page.getByRole("button", { name: /^Payer/ }).tap();
    // pawaPay may have it (503 to the request and to the status check): nothing is claimed as sent
    await expect(page.getByText("Nous n’avons pas pu joindre MTN. Aucune demande n’a été envoyée à votre téléphone")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toHaveCount(0);
    await expect(page.locator("#phone")).toHaveValue("670000000");
    await expect(page.locator("#operator")).toHaveValue("MTN_MOMO_CMR");
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeEnabled();
    await shot(page, "28-unreachable-honest-form");
  } finally {
    await pawapayIs(page, "up");
  }
  // the link is free at once: the same form, tapped again, reaches the phone
  await page.getByRole("button", { name: /^Payer/ }).tap();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  await page.waitForURL(/\/healthz\?merchant=honest&.*status=success/, { timeout: 30_000 });
});
