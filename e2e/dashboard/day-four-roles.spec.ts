// Controls by role, phone toasts, the first screen, live mode, the password change and a removed member's login page, at 375×812 and
// 1440, in French and English. Screenshots in e2e/.artifacts/day-four/.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { mailLink } from "./mail";
import { signUp as signUpInForm } from "./marketplace-pages";
import { expectAccessible, sessionPost, signUp, uniqueEmail } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "day-four");
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1440, height: 900 };
const origin = () => new URL(process.env.KOLA_E2E_BASE_URL!).origin;
let peer = 0;

/** Full-page shots at 1440 and 375 (the viewport put back to 1440). */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [["1440", WIDE], ["375", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

/** A member of `role` who joined by the mailed invitation, in a browser of their own, in `lang`. */
async function joined(browser: Browser, owner: Page, role: string, lang: "fr" | "en") {
  const email = uniqueEmail(role);
  await sessionPost(owner, "/v1/invitations", { email, role });
  const link = new URL(await mailLink(owner.request, email, "/invitation"));
  const context = await browser.newContext({ viewport: WIDE, extraHTTPHeaders: { "x-forwarded-for": `10.32.0.${++peer}` } });
  await context.addCookies([{ name: "kola_lang", value: lang, url: origin() }]);
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await page.getByLabel(lang === "fr" ? "Mot de passe" : "Password").fill("member-password-1234");
  await page.getByRole("button", { name: lang === "fr" ? /^Rejoindre/ : /^Join/ }).click();
  await page.waitForURL(/\/dashboard$/);
  return { page, email, context };
}

// what a viewer may not do, by the words of its controls, in each language
const WRITES = {
  fr: /^(\+ )?(Nouveau lien|Nouvelle page|Nouveau client|Nouvelle clé|Nouveau webhook|Archiver|Désarchiver|Suspendre les versements|Reprendre les versements|Verser maintenant|Rembourser|Retirer|Inviter|Enregistrer|Modifier|Fermer la page|Créer une clé de test|Créer ma marketplace|Supprimer|Révoquer|Annuler la facture)(?![a-zà-ÿ])/, // a whole word: « Archived » (the archived links' tab) is not « Archive »
  en: /^(\+ )?(New link|New page|New customer|New key|New webhook|Archive|Unarchive|Suspend payouts|Resume payouts|Pay out now|Refund|Withdraw|Invite|Save|Edit|Close the page|Create a test key|Create my marketplace|Delete|Revoke|Cancel the invoice)(?![a-zà-ÿ])/, // a whole word: « Archived » (the archived links' tab) is not « Archive »
};
const PAGES = ["/dashboard", "/dashboard/links", "/dashboard/marketplace", "/dashboard/marketplace-links", "/dashboard/balance", "/dashboard/payment-pages", "/dashboard/invoices", "/dashboard/customers", "/dashboard/settings", "/dashboard/developers", "/dashboard/team", "/dashboard/sellers"];

for (const lang of ["fr", "en"] as const) {
  test(`a viewer's pages offer no control it cannot use (${lang})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const owner = await signUp(page, "Boutique Awa");
    // something on every list: a link, a marketplace, a customer
    const key = { "api-key": owner.apiKey };
    expect((await page.request.post("/v1/gateway", { headers: key, data: { amount: 5000, shop_name: "Boutique Awa" } })).status()).toBe(200);
    expect((await page.request.post("/v1/api/marketplace", { headers: key, multipart: { name: "Marché Awa", color: "#0f766e", fee: "5" } })).status()).toBe(200);
    const viewer = await joined(browser, page, "viewer", lang);
    for (const where of PAGES) {
      await viewer.page.goto(where);
      await expect(viewer.page.getByRole("heading", { level: 1 })).toBeVisible();
      await viewer.page.waitForLoadState("networkidle");
      for (const viewport of [WIDE, PHONE]) {
        await viewer.page.setViewportSize(viewport);
        const offered = await viewer.page.locator("main").getByRole("button").or(viewer.page.locator("main").getByRole("link")).allInnerTexts();
        expect(offered.filter((text) => WRITES[lang].test(text.trim())), `${where} at ${viewport.width}`).toEqual([]);
      }
      await viewer.page.setViewportSize(WIDE);
      if (lang === "fr") await shoot(viewer.page, `viewer${where.replace(/\//g, "-")}`);
    }
    // the marketplace: a summary, no editor (no field, no upload, no save)
    await viewer.page.goto("/dashboard/marketplace");
    await expect(viewer.page.getByTestId("read-only")).toBeVisible();
    await expect(viewer.page.locator("main input, main textarea")).toHaveCount(0);
    await expectAccessible(viewer.page, `viewer marketplace (${lang})`);
    await shoot(viewer.page, `viewer-marketplace-${lang}`);

    // removed by the owner: the next page is the log-in, which says why
    const members = await (await page.request.get("/v1/members", { headers: { "kola-mode": "test" } })).json() as { id: string; email: string }[];
    const member = members.find((m) => m.email === viewer.email)!;
    expect((await page.request.delete(`/v1/members/${member.id}`, { headers: { origin: origin() } })).status()).toBe(200);
    await viewer.page.goto("/dashboard/links");
    await viewer.page.waitForURL(/\/login/);
    await expect(viewer.page.getByTestId("removed-notice")).toHaveText(lang === "fr" ? /Vous n'avez plus accès à ce compte/ : /You no longer have access to this account/);
    await shoot(viewer.page, `removed-login-${lang}`);
    await viewer.context.close();
  });
}

test("on a phone the toast sits at the bottom, a tap takes it away, and none stays past 5 s", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, extraHTTPHeaders: { "x-forwarded-for": "10.32.1.1" } });
  const page = await context.newPage();
  await signUp(page, "Boutique Awa");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const live = page.getByRole("switch", { name: "Réel" }).first();
  await live.tap();
  const toast = page.locator("[data-toast]").filter({ hasText: "Mode Réel activé" });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(PHONE.height / 2); // at the bottom, far from the header's menu and switch
  await page.screenshot({ path: path.join(SHOTS, "toast-bottom-375.png") });
  await toast.tap();
  await expect(toast).toHaveCount(0);
  // the switch is never under a toast: it works at once, again
  await live.tap();
  const back = page.locator("[data-toast]").filter({ hasText: "Mode Test activé" });
  await expect(back).toBeVisible();
  await page.waitForTimeout(5_600);
  await expect(back).toHaveCount(0);
  await context.close();
});

for (const lang of ["fr", "en"] as const) {
  test(`a new account lands on « create your first link », not on a key (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { "x-forwarded-for": `10.32.2.${lang === "fr" ? 1 : 2}` } });
    const page = await context.newPage();
    await signUpInForm(page, { business: "Chez Mama", email: uniqueEmail("first"), password: "e2e-password-1234" });
    if (lang === "en") {
      await context.addCookies([{ name: "kola_lang", value: "en", url: origin() }]);
      await page.reload();
    }
    await expect(page.getByRole("heading", { name: lang === "fr" ? "Bienvenue, Chez Mama !" : "Welcome, Chez Mama!" })).toBeVisible();
    await expect(page.getByTestId("first-link")).toHaveText(lang === "fr" ? "Créer mon premier lien" : "Create my first link");
    await expectAccessible(page, `first screen (${lang})`);
    await shoot(page, `first-screen-${lang}`);
    // the keys wait under Développeurs, made (and shown once) when asked for
    await page.goto("/dashboard/developers");
    await expect(page.getByRole("button", { name: lang === "fr" ? "Créer une clé de test" : "Create a test key" })).toBeVisible();
    await shoot(page, `developers-no-key-${lang}`);
    await context.close();
  });
}

for (const lang of ["fr", "en"] as const) {
  test(`live mode without a provider explains how to go live and offers nothing that needs a payment (${lang})`, async ({ page, browser }) => {
    await signUp(page, "Boutique Awa");
    await page.context().addCookies([{ name: "kola_lang", value: lang, url: origin() }]);
    // this server has live providers (the emulators): the answer says none, as on a bare server
    await page.route("**/v1/providers", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), live_ready: false } });
    });
    await page.goto("/dashboard");
    await page.getByRole("switch", { name: lang === "fr" ? "Réel" : "Live" }).first().click();
    const notice = page.getByTestId("live-closed");
    await notice.getByText(lang === "fr" ? "Les paiements réels ne sont pas encore ouverts" : "Real payments are not open yet").click();
    await expect(notice.getByRole("listitem")).toHaveCount(3);
    await expect(notice).not.toContainText(/administrat/i);
    await expect(page.getByRole("link", { name: lang === "fr" ? "Nouveau lien" : "New link" })).toHaveCount(0);
    await expectAccessible(page, `live closed (${lang})`);
    await shoot(page, `live-closed-${lang}`);
    await page.goto("/dashboard/links");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: lang === "fr" ? "Nouveau lien" : "New link" })).toHaveCount(0);
    await page.goto("/dashboard/counter");
    await expect(page.getByText(lang === "fr" ? /Les paiements réels ne sont pas encore ouverts/ : /Real payments are not open yet/).first()).toBeVisible();
    await shoot(page, `live-closed-counter-${lang}`);
    void browser;
  });
}

test("a password change: the current one first; the other devices are signed out, this one stays", async ({ page, browser }) => {
  const owner = await signUp(page, "Boutique Awa");
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.32.3.1" } });
  const signedIn = await other.request.post("/api/auth/login", { headers: { origin: origin() }, data: { email: owner.email, password: owner.password } });
  expect(signedIn.status()).toBe(200);
  for (const lang of ["fr", "en"] as const) {
    await page.context().addCookies([{ name: "kola_lang", value: lang, url: origin() }]);
    await page.goto("/dashboard/settings");
    const card = page.getByTestId("password-change");
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `password-card-${lang}`);
  }
  const card = page.getByTestId("password-change");
  await card.getByLabel("Current password").fill("not my password");
  await card.getByLabel("New password").fill("a brand new password 1");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByText("The current password is wrong.")).toBeVisible();
  await card.getByLabel("Current password").fill(owner.password);
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other devices are signed out.")).toBeVisible();
  expect((await page.request.get("/v1/account", { headers: { "kola-mode": "test" } })).status()).toBe(200);
  expect((await other.request.get("/v1/account", { headers: { "kola-mode": "test" } })).status()).toBe(401);
  await other.close();
});
