// Helpers of the specs that watch an open page change while a buyer pays elsewhere.
import type { Browser, Page } from "@playwright/test";
import { asClient, expect } from "../fixtures";

/** A buyer pays a payment link in a browser of their own (another context); returns the track_id once the waiting page shows it. */
export async function buyerPays(browser: Browser, link: string, phone: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "fr-FR", extraHTTPHeaders: asClient() });
  const checkout = await context.newPage();
  await checkout.goto(new URL(link).pathname);
  await checkout.selectOption("#country", "CMR");
  await checkout.selectOption("#operator", "MTN_MOMO_CMR");
  await checkout.fill("#phone", phone);
  await checkout.getByRole("button", { name: /^Payer/ }).click();
  await expect(checkout.locator(".ref")).toHaveText(/TRK[A-Z2-7]{20}/, { timeout: 15_000 });
  const trackId = (await checkout.locator(".ref").textContent())!.trim();
  await context.close();
  return trackId;
}

export async function statusOf(page: Page, trackId: string): Promise<string> {
  return ((await (await page.request.get(`/api/checkout/status/${trackId}`)).json()) as { status: string }).status;
}

/** Marks the document: if the page reloads, the mark is gone. */
export const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
export const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);
