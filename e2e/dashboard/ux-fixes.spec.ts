// Defects and smaller fixes, the way a merchant meets them: an archived link's page and
// its unarchive, dialogs that open on their first field, a paid link's locked amount, a refused
// webhook URL's real reason, the overview chart's period, tooltip and comparison, a track_id typed
// in lower case. Screenshots at 375 px and 1440 px in e2e/.artifacts/dashboard/.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "../fixtures";
import { payLink, sessionPost, signUp } from "./support";

// a busy machine: the dashboard's chunks and queries take their time
const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");

async function bothSizes(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ["375", { width: 375, height: 812 }],
    ["1440", { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `ux-${name}-${label}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: width at ${label}`).toBeLessThanOrEqual(viewport.width);
  }
}

const origin = () => new URL(process.env.KOLA_E2E_BASE_URL!).origin;

test("an archived link's page shows its amount, message and reference, marked archived; Unarchive puts it back", async ({ page }) => {
  await signUp(page);
  const link = await sessionPost<{ id: string }>(page, "/v1/gateway", { amount: 7500, shop_name: "Boutique Awa", message: "Chaussures en cuir", order_id: "CMD-77" });
  expect((await page.request.delete(`/v1/gateway/${link.id}`, { headers: { origin: origin() } })).status()).toBe(200);
  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Boutique Awa" })).toBeVisible();
  await expect(page.getByText("7 500 FCFA").first()).toBeVisible();
  await expect(page.getByText("Chaussures en cuir")).toBeVisible();
  await expect(page.getByText("CMD-77")).toBeVisible();
  await expect(page.getByText("Archivé", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Lien archivé" })).toContainText("sa page indique aux clients qu'il n'est plus disponible");
  await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(0);
  await bothSizes(page, "link-archived");
  expect((await page.request.get(`/pay/${link.id}`)).status()).toBe(410);

  await page.getByRole("button", { name: "Désarchiver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lien désarchivé : il accepte de nouveau les paiements." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
  await expect(page.getByText("Archivé", { exact: true })).toHaveCount(0);
  expect((await page.request.get(`/pay/${link.id}`)).status()).toBe(200);
});

test("dialogs open on their first field, not on ×; a paid link's amount is locked text, not a field", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard/links");
  await page.getByRole("button", { name: "Nouveau lien" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nouveau lien de paiement" });
  await expect(dialog.getByLabel("Montant (XAF)")).toBeFocused();
  await page.keyboard.press("Escape");

  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 5000, shop_name: "Sac en raphia" });
  await payLink(page, link.link, "6 70 00 00 00");
  await page.goto(`/dashboard/links/${link.id}`);
  // the link's own badge, beside its amount, follows its attempt (the page polls); any "Payé" on
  // the page matched while the attempt was still pending, and the dialog then opened on an unpaid link
  await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p[1]")).toContainText("Payé", { timeout: 20_000 });
  await page.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le lien" });
  await expect(edit.getByTestId("locked-amount")).toContainText("5 000 FCFA");
  await expect(edit.getByTestId("locked-amount")).toContainText("Ce lien a été payé");
  await expect(edit.getByRole("textbox", { name: /Montant/ })).toHaveCount(0);
  await expect(edit.getByLabel("Nom affiché au client")).toBeFocused(); // the first field left
  await bothSizes(page, "paid-link-edit");
});

test("a refused webhook URL shows the server's reason; an empty one is required", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard/developers");
  await page.getByRole("button", { name: "Ajouter une adresse" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une adresse" });
  await expect(dialog.getByLabel("Adresse de notification (URL)")).toBeFocused();
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toBeVisible();
  await expect(dialog.getByText(/ou laissez vide/)).toHaveCount(0);

  // this server accepts private addresses (its specs' receiver is on 127.0.0.1): answer as production does
  await page.route("**/v1/webhooks", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({
            detail: [
              {
                loc: ["body", "url"],
                msg: "Value error, must be a public address: intranet.example resolves to 10.0.0.7, a private address",
                type: "value_error",
                ctx: { reason: "private_address", host: "intranet.example", address: "10.0.0.7", problem: "a private address" },
              },
            ],
          }),
        })
      : route.continue(),
  );
  await dialog.getByLabel("Adresse de notification (URL)").fill("https://intranet.example/hook");
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByText("intranet.example pointe vers 10.0.0.7, une adresse privée ou locale : l'adresse de notification doit être joignable depuis Internet.")).toBeVisible();
  await bothSizes(page, "webhook-refused");
});

test("the overview chart: a period choice, axes, a tooltip by pointer and keyboard, the previous period compared", async ({ page }) => {
  await signUp(page);
  const link = await sessionPost<{ id: string; link: string }>(page, "/v1/gateway", { amount: 15000, shop_name: "Boutique Awa" });
  const trackId = await payLink(page, link.link, "6 70 00 00 00");
  await page.goto(`/dashboard/deposits?track_id=${trackId.toLowerCase()}`); // a track_id typed in lower case finds it
  await expect(page.getByRole("region", { name: `Dépôt ${trackId}` })).toContainText("Réussi", { timeout: 20_000 });

  await page.goto("/dashboard");
  const chart = page.getByRole("group", { name: /Revenu net par jour/ });
  await expect(chart.getByRole("img", { name: /Revenu net par jour/ })).toBeVisible();
  await expect(chart.getByText("0 FCFA")).toBeVisible(); // the money axis, in the merchant's currency
  await expect(page.getByText("Aucun paiement les 30 jours précédents").first()).toBeVisible();
  await chart.hover({ position: { x: (await chart.boundingBox())!.width - 20, y: 100 } }); // today, the last day
  await expect(page.getByRole("status").filter({ hasText: "revenu net 15 000 FCFA (1 paiement réussi)" })).toBeVisible();
  await bothSizes(page, "overview-chart");

  await page.getByText("7 jours", { exact: true }).click();
  await expect(page.getByText("Vos paiements des 7 derniers jours.")).toBeVisible();
  await expect(chart).not.toHaveAttribute("aria-busy"); // the 7 days' figures came
  await chart.focus();
  await expect(page.getByRole("status").filter({ hasText: "revenu net 15 000 FCFA (1 paiement réussi)" })).toBeVisible(); // focus starts on today
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("status").filter({ hasText: "revenu net 0 FCFA (0 paiement réussi)" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Même jour de la période précédente" })).toBeVisible();
  await bothSizes(page, "overview-chart-7-days");
});
