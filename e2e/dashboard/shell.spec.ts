// The frame of the dashboard: the test/live switch, the phone menu, the language.
import { expect, test } from "../fixtures";
import { checkPage, PHONE, sessionPost, signUp } from "./support";

test("the mode switch shows live distinctly and refetches in the other mode", async ({ page }) => {
  await signUp(page);
  await sessionPost(page, "/v1/gateway", { amount: 5000, shop_name: "Lien de test" });
  await page.goto("/dashboard/links");
  await expect(page.getByRole("link", { name: "Lien de test" })).toBeVisible();
  await expect(page.getByText("Mode test : paiements simulés, aucun argent ne bouge.")).toBeVisible();

  const live = page.getByRole("switch", { name: "Réel" });
  await expect(live).toHaveAttribute("aria-checked", "false");
  await live.click();
  await expect(live).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Mode réel : les paiements sont de vrais paiements.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aucun lien de paiement" })).toBeVisible(); // live has none
  await checkPage(page, "10-live-mode");
  await page.reload(); // the mode survives a reload (cookie)
  await expect(page.getByRole("switch", { name: "Réel" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("switch", { name: "Réel" }).click();
  await expect(page.getByRole("link", { name: "Lien de test" })).toBeVisible();
});

test("at 375 px the menu opens, closes with Escape and after a navigation; English is one click away", async ({ page }) => {
  await signUp(page);
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard");
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(page.getByRole("switch", { name: "Réel" })).toBeVisible(); // always visible, even on a phone
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await menu.click();
  await nav.getByRole("link", { name: "Développeurs" }).click();
  await expect(page).toHaveURL(/\/dashboard\/developers$/);
  await expect(nav).toBeHidden();

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Developers" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await checkPage(page, "11-developers-english");
  await page.setViewportSize(PHONE);
  const toggle = page.getByRole("button", { name: /menu/i }); // "Menu" or "Close menu": it stayed open
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Développeurs" })).toBeVisible();
});

test("every control of the overview is reachable with the keyboard, with a visible focus", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Aller au contenu" })).toBeFocused();
  const seen: string[] = [];
  // the menu's links, the mode switch, the account menu, then the page's own controls (the menu grew: Clients, Factures; a new account's overview offers its first link once, not twice)
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      if (el === document.body) return null; // past the last control
      const style = getComputedStyle(el);
      return { name: el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName, outline: style.outlineStyle };
    });
    if (!focused) break;
    expect(focused.outline, `focus ring on ${focused.name}`).not.toBe("none");
    seen.push(focused.name);
  }
  expect(seen).toEqual(expect.arrayContaining(["Liens de paiement", "Développeurs", "Se déconnecter", "Créer mon premier lien"]));
});
