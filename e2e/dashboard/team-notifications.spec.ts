// As a merchant lives it, in French and in English, at 1440×900 and 375×812: the Settings
// page (support contact, notifications, language); a marketplace sale that mails the merchant and the
// buyer (read from the dev mailbox, links followed); the Team page inviting a viewer, who accepts
// the mailed invitation and then finds no refund or withdraw button, and whose API call is refused.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { checkBoth } from "./mail";
import { signUp, uniqueEmail } from "./support";

const origin = () => new URL(process.env.KOLA_E2E_BASE_URL!).origin;

const words = {
  fr: {
    settings: "Réglages",
    team: "Équipe",
    saveProfile: "Enregistrer le profil",
    paymentSubject: /^\[Test\] Paiement reçu : 10\s500\sFCFA — Atelier Fatou$/,
    receiptSubject: /^\[Test\] Votre reçu : 10\s500\sFCFA — Marché Awa$/,
    pay: /^Payer/,
    received: "Paiement reçu",
    help: "Besoin d’aide",
    invite: "Inviter un membre",
    send: "Envoyer l'invitation",
    join: /^Rejoindre/,
    refund: "Rembourser",
    withdraw: "Retirer",
  },
  en: {
    settings: "Settings",
    team: "Team",
    saveProfile: "Save the profile",
    paymentSubject: /^\[Test\] Payment received: FCFA\s10,500 — Atelier Fatou$/,
    receiptSubject: /^\[Test\] Your receipt: FCFA\s10,500 — Marché Awa$/,
    pay: /^Pay/,
    received: "Payment received",
    help: "Need help?",
    invite: "Invite a member",
    send: "Send the invitation",
    join: /^Join/,
    refund: "Refund",
    withdraw: "Withdraw",
  },
} as const;

/** The newest mail to `to` whose subject matches, as the dev mailbox page shows it. */
async function mailTo(browser: Browser, to: string, subject: RegExp): Promise<{ subject: string; text: string; links: string[] }> {
  const context = await browser.newContext();
  const box = await context.newPage();
  const article = box.locator(`article[data-mail-to="${to}"]`).filter({ has: box.getByRole("heading", { name: subject }) }).first();
  await expect
    .poll(
      async () => {
        await box.goto(`${origin()}/dev/mail`);
        return article.count();
      },
      { timeout: 20_000, message: `a mail to ${to}: ${subject}` },
    )
    .toBeGreaterThan(0);
  const mail = {
    subject: (await article.getByRole("heading").textContent())!.trim(),
    text: (await article.locator("pre").textContent())!,
    links: await article.locator("li a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)),
  };
  await context.close();
  return mail;
}

async function useLanguage(page: Page, lang: "fr" | "en") {
  await page.context().addCookies([{ name: "kola_lang", value: lang, url: origin() }]);
  const res = await page.request.patch("/v1/me", { headers: { origin: origin(), "kola-mode": "test" }, data: { language: lang } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A marketplace (5 %) and one seller's link of 10 000 FCFA, made through the API with the merchant's key. */
async function marketplaceLink(page: Page, apiKey: string): Promise<string> {
  const made = await page.request.post("/v1/api/marketplace", { headers: { "api-key": apiKey }, multipart: { name: "Marché Awa", fee: "5" } });
  expect(made.status(), await made.text()).toBe(200);
  const link = await page.request.post("/v1/api/marketplace/gateway", {
    headers: { "api-key": apiKey },
    data: { amount: 10000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00" },
  });
  expect(link.status(), await link.text()).toBe(200);
  return ((await link.json()) as { id: string }).id;
}

for (const lang of ["fr", "en"] as const) {
  const w = words[lang];

  test(`${lang}: settings, a sale that mails the merchant and the buyer, a viewer who cannot refund`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const merchant = await signUp(page, "Boutique Awa");
    await useLanguage(page, lang);

    // — Settings: the support contact buyers will see; notifications on by default
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: w.settings })).toBeVisible();
    await page.getByLabel(lang === "fr" ? "E-mail d'assistance" : "Support e-mail").fill("aide@boutique-awa.example");
    await page.getByLabel(lang === "fr" ? "Téléphone d'assistance" : "Support phone").fill("6 70 12 34 56");
    await page.getByRole("button", { name: w.saveProfile }).click();
    await expect(page.getByLabel(lang === "fr" ? "Téléphone d'assistance" : "Support phone")).toHaveValue("+237 6 70 12 34 56");
    const paymentsMail = page.getByRole("switch", { name: lang === "fr" ? "Chaque paiement réussi" : "Each successful payment" });
    await expect(paymentsMail).toHaveAttribute("aria-checked", "true");
    await checkBoth(page, `settings-${lang}`);

    // — A buyer pays a marketplace link on the checkout page in the same language, giving an e-mail:
    // in test mode the merchant tries it with their own address (a stranger's gets no receipt)
    const linkId = await marketplaceLink(page, merchant.apiKey);
    const buyerEmail = merchant.email;
    const buyer = await page.context().newPage();
    await buyer.setViewportSize({ width: 375, height: 812 });
    await buyer.goto(`/pay/m/${linkId}?lang=${lang}`);
    await expect(buyer.locator(".help")).toContainText("aide@boutique-awa.example");
    await buyer.fill("#full_name", "Awa Ndiaye");
    await buyer.fill("#email", buyerEmail);
    await buyer.selectOption("#country", "CMR");
    await buyer.selectOption("#operator", "MTN_MOMO_CMR");
    await buyer.fill("#phone", "6 70 00 00 00");
    await buyer.getByRole("button", { name: w.pay }).click();
    await expect(buyer.getByRole("heading", { name: w.received })).toBeVisible({ timeout: 30_000 });
    const trackId = (await buyer.locator(".ref").textContent())!.trim();
    await buyer.close();

    // — The merchant's mail, in their language, links to the payment; the buyer's, to their receipt
    const merchantMail = await mailTo(browser, merchant.email, w.paymentSubject);
    expect(merchantMail.text).toContain(trackId);
    expect(merchantMail.links).toContain(`${origin()}/dashboard/payments/${trackId}`);
    const receiptMail = await mailTo(browser, buyerEmail, w.receiptSubject);
    expect(receiptMail.text).toContain("aide@boutique-awa.example · +237 6 70 12 34 56");
    const receiptUrl = receiptMail.links.find((l) => l.includes(`/pay/m/${linkId}/${trackId}`))!;
    expect(receiptUrl).toContain(`lang=${lang}`);
    const receipt = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await receipt.goto(receiptUrl);
    await expect(receipt.getByRole("heading", { name: w.received })).toBeVisible();
    await expect(receipt.locator(".help")).toContainText(w.help);
    await receipt.screenshot({ path: `e2e/.artifacts/dashboard/actions/receipt-from-mail-${lang}-375.png`, fullPage: true });
    await receipt.close();
    await page.goto(merchantMail.links.find((l) => l.includes("/dashboard/payments/"))!);
    await expect(page.getByRole("button", { name: w.refund })).toBeVisible();

    // — Team: the owner invites a viewer by e-mail
    await page.goto("/dashboard/team");
    await expect(page.getByRole("heading", { level: 1, name: w.team })).toBeVisible();
    const viewerEmail = uniqueEmail(`viewer-${lang}`);
    await page.getByRole("button", { name: w.invite }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(viewerEmail);
    await dialog.getByLabel(lang === "fr" ? "Rôle" : "Role").selectOption("viewer");
    await dialog.getByRole("button", { name: w.send }).click();
    await expect(page.getByRole("region", { name: lang === "fr" ? "Invitations en attente" : "Pending invitations" })).toContainText(viewerEmail);
    await checkBoth(page, `team-${lang}`);

    // — The invited person follows the mail's link, chooses a password and joins as a viewer
    const invitation = await mailTo(browser, viewerEmail, /Boutique Awa/);
    const acceptUrl = invitation.links.find((l) => l.includes("/invitation?token="))!;
    const viewerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": "10.22.0.1" } });
    await viewerContext.addCookies([{ name: "kola_lang", value: lang, url: origin() }]);
    const viewer = await viewerContext.newPage();
    await viewer.goto(acceptUrl);
    await expect(viewer.getByRole("heading", { level: 1 })).toContainText("Boutique Awa");
    await checkBoth(viewer, `invitation-${lang}`);
    await viewer.getByLabel(lang === "fr" ? "Mot de passe" : "Password").fill("viewer-password-1234");
    await viewer.getByRole("button", { name: w.join }).click();
    await viewer.waitForURL(/\/dashboard$/);

    // — As a viewer: the paid payment shows no refund button, the balance no withdraw button
    await viewer.goto(`/dashboard/payments/${trackId}`);
    await expect(viewer.getByText(trackId).first()).toBeVisible();
    await expect(viewer.getByRole("button", { name: w.refund })).toHaveCount(0);
    await checkBoth(viewer, `viewer-payment-${lang}`);
    await viewer.goto("/dashboard/balance");
    await expect(viewer.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(viewer.getByRole("button", { name: w.withdraw, exact: true })).toHaveCount(0);
    // — and the API refuses the viewer's refund, whatever the page shows
    const refused = await viewer.request.post("/v1/refunds", { headers: { origin: origin(), "kola-mode": "test" }, data: { track_id: trackId } });
    expect([refused.status(), await refused.json()]).toEqual([
      403,
      { detail: { message: "Your role on this account (viewer) does not allow this action: it needs admin or above", type: "INSUFFICIENT_ROLE" } },
    ]);
    await viewerContext.close();
  });
}
