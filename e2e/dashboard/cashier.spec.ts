// The counter as a cashier lives it: invited by an owner, they join and land on the counter; the
// navigation holds « Encaisser » alone beside their own menu (language, sign out, the account
// switcher); any other dashboard page sends them back to the counter, on the server; the API refuses
// them the rest. A login that is a cashier here and an owner elsewhere switches between the two.
import { expect, test } from "../fixtures";
import { checkBoth, mailLink } from "./mail";
import { sessionPost, signUp, signUpThrough, uniqueEmail } from "./support";

const origin = () => new URL(process.env.KOLA_E2E_BASE_URL!).origin;

test("a cashier joins, lands on the counter and sees nothing else", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page, "Boutique Awa");
  const email = uniqueEmail("cashier");
  await sessionPost(page, "/v1/invitations", { email, role: "cashier" });
  const link = await mailLink(page.request, email, "/invitation");

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": "10.29.0.1" } });
  await context.addCookies([{ name: "kola_lang", value: "fr", url: origin() }]);
  const cashier = await context.newPage();
  await cashier.goto(new URL(link).pathname + new URL(link).search);
  await cashier.getByLabel("Mot de passe").fill("cashier-password-1234");
  await cashier.getByRole("button", { name: /^Rejoindre/ }).click();
  await cashier.waitForURL(/\/dashboard\/counter$/);

  // the navigation: the counter alone (no docs link, no other page)
  const nav = cashier.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link")).toHaveText(["Encaisser"]);
  await expect(nav.getByRole("link", { name: "Encaisser" })).toHaveAttribute("href", "/dashboard/counter");
  await expect(cashier.getByRole("button", { name: "Se déconnecter" }).first()).toBeAttached();
  await checkBoth(cashier, "cashier-counter-fr");

  // every other page: a redirect to the counter, decided on the server (no JavaScript: a plain GET)
  for (const path of ["/dashboard", "/dashboard/payments", "/dashboard/balance", "/dashboard/team", "/dashboard/settings", "/dashboard/developers", "/dashboard/nowhere"]) {
    const res = await cashier.request.get(path, { maxRedirects: 0 });
    expect([path, res.status(), res.headers()["location"]]).toEqual([path, 307, "/dashboard/counter"]);
  }
  await cashier.goto("/dashboard/payments");
  await cashier.waitForURL(/\/dashboard\/counter$/);

  // the API, as the dashboard calls it: refused
  const deposits = await cashier.request.get("/v1/deposits", { headers: { "kola-mode": "test" } });
  expect([deposits.status(), await deposits.json()]).toEqual([
    403,
    { detail: { message: "Your role on this account (cashier) does not allow this action: it needs viewer or above", type: "INSUFFICIENT_ROLE" } },
  ]);
  const download = await cashier.request.get("/dashboard/exports/payments?from=2026-01-01&to=2026-01-31");
  expect(download.status()).toBe(403);

  // signing out and in again: the counter again
  await cashier.getByRole("button", { name: "Se déconnecter" }).first().click();
  await cashier.waitForURL(/\/login/);
  await cashier.getByLabel("Adresse e-mail").fill(email);
  await cashier.getByLabel("Mot de passe").fill("cashier-password-1234");
  await cashier.getByRole("button", { name: "Se connecter" }).click();
  await cashier.waitForURL(/\/dashboard\/counter$/);
  await expect(nav.getByRole("link")).toHaveText(["Encaisser"]);
  await context.close();
});

test("a login that is an owner here and a cashier there switches between the two", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const own = await signUp(page, "Atelier Fatou");
  // another merchant invites this login as a cashier
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.29.0.2" } });
  await signUpThrough(other.request, "Marché Awa");
  const sent = await other.request.post("/v1/invitations", { headers: { origin: origin(), "kola-mode": "test" }, data: { email: own.email, role: "cashier" } });
  expect(sent.status(), await sent.text()).toBe(200);
  const token = new URL(await mailLink(other.request, own.email, "/invitation")).searchParams.get("token");
  await other.close();
  // signed in as the invited address, the link joins at once and the session shows the account joined
  await sessionPost(page, "/api/auth/invitations/accept", { token });

  await page.context().addCookies([{ name: "kola_lang", value: "fr", url: origin() }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/dashboard");
  await page.waitForURL(/\/dashboard\/counter$/);
  const switcher = page.getByRole("combobox", { name: "Compte affiché" });
  await expect(switcher).toBeVisible();
  await checkBoth(page, "cashier-switcher-fr");
  await switcher.selectOption({ label: "Atelier Fatou — Propriétaire" });
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Équipe" })).toBeVisible();

  // and back, from the Settings page: the counter again
  await page.goto("/dashboard/settings");
  await page.getByRole("combobox", { name: "Compte affiché" }).selectOption({ label: "Marché Awa — Caissier" });
  await page.waitForURL(/\/dashboard\/counter$/);
});
