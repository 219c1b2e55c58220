// The steps of a card payment shared by the card specs: screenshots at both widths, the billing
// details CinetPay's card channel asks for, and the emulator's card page with its 3-D Secure step.
import path from "node:path";
import { expect, type Page } from "@playwright/test";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "pay");
export const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** Full-page screenshots at both widths, the phone's put back after. */
export async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
}

/** The buyer's phone (international: a card payer may live abroad) and billing details. */
export async function fillCardBilling(page: Page) {
  await page.fill("#phone", "+33 6 12 34 56 78");
  await page.fill("#card_name", "Awa");
  await page.fill("#card_surname", "Koné");
  await page.fill("#card_email", "awa.kone@example.com");
  await page.fill("#card_address", "12 rue des Jardins");
  await page.fill("#card_city", "Paris");
  await page.fill("#card_state", "Île-de-France");
  await page.fill("#card_zip_code", "75011");
  await page.selectOption("#card_country", "FR");
}

/** On CinetPay's card page (the emulator's): the card, then 3-D Secure with its code; `shot` names their screenshots. */
export async function payOnCardPage(page: Page, shot?: { card: string; secure: string }) {
  await page.waitForURL(/\/payment\/[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: "Carte bancaire" })).toBeVisible();
  await page.fill("#card-number", "4111 1111 1111 1111");
  await page.fill("#card-expiry", "12/30");
  await page.fill("#card-cvv", "123");
  if (shot) await shots(page, shot.card);
  await page.getByRole("button", { name: "Payer" }).tap();
  await expect(page.getByRole("heading", { name: "Authentification 3-D Secure" })).toBeVisible();
  await page.fill("#otp", "123456");
  if (shot) await shots(page, shot.secure);
  await page.getByRole("button", { name: "Valider" }).tap();
}
