// The links lists, toasts and editors as a merchant meets them, at 375×812 and 1440×900, in French and in English:
// the links lists follow a payment without a reload (« Ouvert » → « Payé »), the marketplace editor
// asks before unsaved changes are lost (a link in the app, a reload), the localized 404s, and a
// failing webhook endpoint's reason and next attempt. Every rule of axe on each screen; screenshots
// in e2e/.artifacts/dashboard/day/.
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "../fixtures";
import { buyerPays, mark, stillMarked } from "./live";
import { sessionPost, signUp } from "./support";

const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "day");
const SIZES = [
  { name: "375", width: 375, height: 812 },
  { name: "1440", width: 1440, height: 900 },
] as const;

const words = {
  fr: {
    unpaid: "Ouvert",
    paid: "Payé",
    links: "Liens de paiement",
    menu: "Menu",
    marketplace: "Liens marketplace",
    leaveTitle: "Quitter sans enregistrer ?",
    stay: "Rester",
    leave: "Quitter sans enregistrer",
    name: "Nom de la marketplace",
    unsaved: "Modifications non enregistrées",
    notFound: "Page introuvable",
    overview: "Vue d'ensemble",
  },
  en: {
    unpaid: "Open",
    paid: "Paid",
    links: "Payment links",
    menu: "Menu",
    marketplace: "Marketplace links",
    leaveTitle: "Leave without saving?",
    stay: "Stay",
    leave: "Leave without saving",
    name: "Marketplace name",
    unsaved: "Unsaved changes",
    notFound: "Page not found",
    overview: "Overview",
  },
} as const;

async function setLang(page: Page, lang: "fr" | "en") {
  const url = new URL(process.env.KOLA_E2E_BASE_URL!);
  await page.context().addCookies([{ name: "kola_lang", value: lang, domain: url.hostname, path: "/" }]);
}

/** A screenshot, and not one axe violation (every rule, every impact), nothing wider than the window. */
async function look(page: Page, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`), `axe on ${name}`).toEqual([]);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(width);
}

/** Opens a page of the dashboard's navigation (behind the menu on phones). */
async function navigate(page: Page, name: string, phone: boolean, menu: string) {
  if (phone) await page.getByRole("button", { name: menu }).click();
  await page.getByRole("navigation").first().getByRole("link", { name, exact: true }).click();
}

for (const lang of ["fr", "en"] as const) {
  const w = words[lang];
  for (const size of SIZES) {
    const tag = `${lang}-${size.name}`;
    const phone = size.width < 1024;

    test(`${tag}: the links lists follow a payment and a new link without a reload`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await setLang(page, lang);
      await signUp(page, "Boutique Awa");
      const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 5000, shop_name: "Sac en raphia" });
      await page.goto("/dashboard/links");
      const entry = page.getByRole("row").filter({ hasText: "Sac en raphia" }); // a table row, laid out as a card on phones
      await expect(entry).toContainText(w.unpaid);
      await look(page, `links-unpaid-${tag}`);
      await mark(page);
      await buyerPays(browser, link.link, "670000042"); // the sandbox: …42 succeeds
      await expect(entry).toContainText(w.paid, { timeout: 20_000 });
      expect(await stillMarked(page), "the list changed without a reload").toBe(true);
      await look(page, `links-paid-${tag}`);

      // a toast ("Lien mis à jour") never stands in the way of the card's actions, "Archiver" among
      // them: on wider screens it sits apart from them; on phones it sits at the bottom, never over
      // the header, and one tap on it takes it away, so the button under it is the one a tap hits
      await entry.getByRole("button", { name: lang === "fr" ? "Modifier — Sac en raphia" : "Edit — Sac en raphia" }).click();
      await page.getByRole("dialog").getByRole("button", { name: lang === "fr" ? "Enregistrer" : "Save" }).click();
      const toast = page.getByRole("status").filter({ hasText: lang === "fr" ? "Lien mis à jour" : "Link updated" });
      await expect(toast).toBeVisible();
      const archive = entry.getByRole("button", { name: new RegExp(`^${lang === "fr" ? "Archiver" : "Archive"} — `) });
      if (phone) await page.setViewportSize({ width: size.width, height: 560 });
      await archive.evaluate((button) => button.scrollIntoView({ block: "end" }));
      const overlap = async () => {
        const [toastBox, archiveBox] = [await toast.boundingBox(), await archive.boundingBox()];
        return toastBox !== null && toastBox.y < archiveBox!.y + archiveBox!.height && archiveBox!.y < toastBox.y + toastBox.height;
      };
      if (phone) {
        const toastBox = (await toast.boundingBox())!;
        const headerBox = (await page.locator("header").first().boundingBox())!;
        expect(toastBox.y, "the toast keeps off the header").toBeGreaterThan(headerBox.y + headerBox.height);
        if (await overlap()) {
          await toast.click();
          await expect(toast).toBeHidden();
        }
        const hit = await archive.evaluate((button) => {
          const box = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
        expect(hit, "a tap on Archiver reaches Archiver").toBe(true);
      } else {
        expect(await overlap(), "the toast covers Archiver").toBe(false);
      }
      await page.setViewportSize(size);

      // the marketplace links: a link made through the API shows up on the open page
      const origin = process.env.KOLA_E2E_BASE_URL!;
      expect((await page.request.post("/v1/api/marketplace", { headers: { origin }, multipart: { name: "Marché Awa" } })).status()).toBe(200);
      await navigate(page, w.marketplace, phone, w.menu);
      await expect(page.getByRole("heading", { level: 1, name: w.marketplace })).toBeVisible();
      await mark(page);
      await sessionPost(page, "/v1/api/marketplace/gateway", { amount: 15000, shop_name: "Atelier Fatou", phone_number: "+237699000000" });
      await expect(page.getByRole("link", { name: "Atelier Fatou" }).first()).toBeVisible({ timeout: 20_000 });
      expect(await stillMarked(page), "the marketplace list changed without a reload").toBe(true);
    });

    test(`${tag}: the marketplace editor asks before unsaved changes are lost`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await setLang(page, lang);
      await signUp(page, "Marché Awa");
      const origin = process.env.KOLA_E2E_BASE_URL!;
      expect((await page.request.post("/v1/api/marketplace", { headers: { origin }, multipart: { name: "Marché Awa" } })).status()).toBe(200);
      await page.goto("/dashboard/marketplace");
      const name = page.getByLabel(w.name);
      await expect(name).toHaveValue("Marché Awa");
      await name.fill("Marché Awa & Fils");
      await expect(page.getByText(w.unsaved)).toBeVisible();

      // a link of the app: our question; "stay" keeps the page and the change
      await navigate(page, w.links, phone, w.menu);
      const ask = page.getByRole("dialog", { name: w.leaveTitle });
      await expect(ask).toBeVisible();
      await look(page, `editor-leave-prompt-${tag}`);
      await ask.getByRole("button", { name: w.stay }).click();
      await expect(ask).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard\/marketplace$/);
      await expect(name).toHaveValue("Marché Awa & Fils");

      // a reload: the browser's own question (beforeunload); dismissed, nothing is lost
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.type());
        void dialog.dismiss();
      });
      await page.reload({ timeout: 3_000 }).catch(() => {}); // a dismissed reload never completes
      expect(asked).toEqual(["beforeunload"]);
      await expect(name).toHaveValue("Marché Awa & Fils");

      // leaving after all: the change is given up, the next page opens
      if (phone && !(await page.getByRole("navigation").first().isVisible())) await page.getByRole("button", { name: w.menu }).click().catch(() => {});
      await page.getByRole("navigation").first().getByRole("link", { name: w.links, exact: true }).click();
      await ask.getByRole("button", { name: w.leave }).click();
      await expect(page).toHaveURL(/\/dashboard\/links$/);
      expect(((await (await page.request.get("/v1/api/marketplace")).json()) as { name: string }).name).toBe("Marché Awa");
    });

    test(`${tag}: an unknown address gets a 404 in the merchant's language, with ways back`, async ({ page }) => {
      await page.setViewportSize(size);
      await setLang(page, lang);
      await signUp(page);
      // a real 404, as the site's own: the catch-all is outside the pages' loading boundary, so
      // nothing has streamed when it is found missing (app/dashboard/(pages)/loading.tsx)
      const missing = await page.goto("/dashboard/nowhere/at-all");
      expect(missing?.status()).toBe(404);
      await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
      await expect(page.getByRole("heading", { level: 1, name: w.notFound })).toBeVisible();
      await look(page, `dashboard-404-${tag}`);
      await page.getByRole("main").getByRole("link", { name: w.overview }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      const outside = await page.goto("/nowhere");
      expect(outside?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: w.notFound })).toBeVisible();
      await look(page, `site-404-${tag}`);
    });
  }
}

test("a failing webhook endpoint says why and when it tries again; a test event says whether it was delivered", async ({ page }) => {
  test.setTimeout(90_000);
  // a receiver that refuses (500), then one that is gone (connection refused)
  const receiver = http.createServer((_req, res) => res.writeHead(500).end("en panne"));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    await signUp(page);
    await sessionPost(page, "/v1/webhooks", { url: `http://127.0.0.1:${port}/kola` });
    await page.goto("/dashboard/developers");
    const item = page.getByRole("region", { name: "Webhooks" }).getByRole("rowgroup", { name: `http://127.0.0.1:${port}/kola` }); // its row, and its log under it
    await item.getByRole("button", { name: "Envoyer un test" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "L'événement de test n'a pas été livré : réponse HTTP 500." })).toBeVisible();
    await expect(item.getByTestId("webhook-trouble")).toContainText(/Les envois à cette adresse de notification échouent : réponse HTTP 500\. Prochain essai .+\d\d:\d\d/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await look(page, "webhook-failing-1440");

    receiver.close();
    receiver.closeAllConnections(); // the worker's kept-alive connection too: the next attempt finds nobody
    await item.getByRole("button", { name: "Envoyer un test" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "L'événement de test n'a pas été livré : connexion refusée par le serveur." })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await look(page, "webhook-failing-375");
  } finally {
    receiver.close();
  }
});
