// Helpers of the dashboard specs: a fresh merchant signed in through the real sign-up endpoint
// (the browser context keeps its cookie), axe checks, and screenshots at 375 px and desktop.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { asClient, expect } from "../fixtures";
import { mailLink } from "./mail";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export type Merchant = { email: string; password: string; business: string; apiKey: string };

let n = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++n}@kola.test`;
}

/**
 * A merchant signed up through the real endpoints, as the forms do: POST /api/auth/signup, the
 * confirmation link read from the dev mailbox (/dev/mail), POST /api/auth/signup/confirm; the
 * request context keeps the session cookie, and an admin test key is made with it (POST /v1/api-keys). Each sign-up comes from an address of its own (the e2e
 * server trusts one proxy hop, TRUST_PROXY=1): the per-address sign-up limit is a real server's,
 * and a whole suite of merchants from 127.0.0.1 would reach it.
 */
export async function signUpThrough(request: APIRequestContext, business: string, email = uniqueEmail("dash"), password = "e2e-password-1234") {
  const origin = new URL(process.env.KOLA_E2E_BASE_URL!).origin;
  const headers = { origin, ...asClient() };
  const asked = await request.post("/api/auth/signup", {
    headers,
    data: { email, password, business_name: business, country: "CMR" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const token = new URL(await mailLink(request, email, "/signup/confirm")).searchParams.get("token");
  const response = await request.post("/api/auth/signup/confirm", { headers, data: { token } });
  expect(response.status(), await response.text()).toBe(200);
  // the sign-up makes no key (a trader starts with a link): the specs' key is asked for as
  // Développeurs does, with the session just opened
  const made = await request.post("/v1/api-keys", { headers: { ...headers, "kola-mode": "test" }, data: { name: "Clé de test e2e", role: "admin" } });
  expect(made.status(), await made.text()).toBe(200);
  const { api_key } = (await made.json()) as { api_key: string };
  return { email, password, business, apiKey: api_key };
}

/** A new merchant signed in in the page's context (JSON from our own origin, as the forms send it). */
export async function signUp(page: Page, business = "Boutique Awa"): Promise<Merchant> {
  // the specs read back what the copy buttons wrote
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  return signUpThrough(page.request, business);
}

/**
 * No axe-core violation at all on what the page shows now: every rule axe runs by default (WCAG A
 * and AA, best practices such as heading-order and region included), whatever its impact.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
  expect(violations, `axe: ${label}`).toEqual([]);
}

/** Saves `name`-desktop.png and `name`-375.png (full page), then puts the desktop size back. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Both sizes, axe at each: layouts differ (sidebar vs menu, table vs cards). */
export async function checkPage(page: Page, name: string): Promise<void> {
  await screenshots(page, name);
  await expectAccessible(page, `${name} (desktop)`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${name} (375 px)`);
  // nothing wider than the phone: only tables scroll, inside their own frame
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/** Pays a payment link in the hosted checkout with a sandbox number; returns the deposit's track_id. */
export async function payLink(page: Page, link: string, phone: string): Promise<string> {
  const checkout = await page.context().newPage();
  await checkout.goto(new URL(link).pathname);
  await checkout.selectOption("#country", "CMR");
  await checkout.selectOption("#operator", "MTN_MOMO_CMR");
  await checkout.fill("#phone", phone);
  await checkout.getByRole("button", { name: /^Payer/ }).click();
  await expect(checkout.locator(".ref")).toHaveText(/TRK[A-Z2-7]{20}/);
  const trackId = (await checkout.locator(".ref").textContent())!.trim();
  await checkout.close();
  return trackId;
}

/**
 * A marketplace link bought in the hosted checkout on a phone-sized page, by a sandbox number that
 * succeeds (`price`: the pay button's amount, e.g. "10 500 FCFA"); `onReceipt` looks at the receipt.
 * Returns the sale's track_id.
 */
export async function buyOnPhone(page: Page, link: string, price: string, onReceipt?: (buyer: Page) => Promise<void>): Promise<string> {
  const buyer = await page.context().newPage();
  await buyer.setViewportSize(PHONE);
  await buyer.goto(new URL(link).pathname);
  await buyer.fill("#full_name", "Awa Ndiaye");
  await buyer.fill("#email", "awa@example.com");
  await buyer.selectOption("#country", "CMR");
  await buyer.selectOption("#operator", "MTN_MOMO_CMR");
  await buyer.fill("#phone", "6 70 00 00 11");
  await buyer.getByRole("button", { name: `Payer ${price}` }).click();
  await expect(buyer.getByRole("heading", { name: "Paiement reçu" })).toBeVisible({ timeout: 20_000 });
  await onReceipt?.(buyer);
  const trackId = (await buyer.locator(".ref").textContent())!.trim();
  await buyer.close();
  return trackId;
}

/** A write to the API with the page's session cookie, from our own origin (as the dashboard sends it). */
export async function sessionPost<T = unknown>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { headers: { origin: process.env.KOLA_E2E_BASE_URL! }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
