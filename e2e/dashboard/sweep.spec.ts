// Every page a merchant or a buyer can reach, at a phone's size (375×812) and a desktop's
// (1440×900) in French, at the phone's in English: nothing wider than the window, and axe finds no violation
// at all (every rule it runs by default, best practices included, every impact). Screenshots in
// e2e/.artifacts/sweep/ (`{page}-{size}.png` in French, `{page}-{size}-en.png` in English).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { asClient, expect, test } from "../fixtures";
import { STATUS_POLL } from "../pay/data";
import { signUpThrough, uniqueEmail } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "sweep");
const SIZES = [
  { name: "375", width: 375, height: 812 },
  { name: "1440", width: 1440, height: 900 },
] as const;

type World = {
  storage: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>;
  apiKey: string;
  open: string;
  paid: string;
  paidTrack: string;
  archived: string;
  failedTrack: string;
  market: string;
  marketPaidTrack: string;
  marketFailedTrack: string;
  customer: string;
  invoice: string;
  paymentPage: string;
};

const BLOCKS = {
  blocks: [
    { type: "text", label: "Taille (EU)", required: true, description: "" },
    { type: "textarea", label: "Adresse de livraison complète avec le quartier et un repère", required: true, description: "Quartier, rue, repère" },
    { type: "select", label: "Couleur", required: true, options: ["Rouge", "Bleu"] },
    { type: "checkbox", label: "J'accepte les conditions de vente", required: true },
  ],
};

const token = () => randomBytes(24).toString("base64url");

/** Pays a payment link by the page script's endpoint; returns the attempt's track_id. */
async function attempt(request: APIRequestContext, pathName: string, body: Record<string, unknown>): Promise<string> {
  const res = await request.post(`/api/checkout${pathName}`, { data: { country: "CMR", client_token: token(), ...body } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { track_id: string }).track_id;
}

async function settled(request: APIRequestContext, apiKey: string, trackId: string, status: string): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/v1/api/deposit/get_transaction?track_id=${trackId}`, { headers: { "api-key": apiKey } })).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe(status);
}

let world: World;

// a failure does not stop the sweep: every page is tried (a worker that restarts builds its world again)

// Made once per server: a worker restarted after a failure reads it back (attempts are rate-limited).
const WORLD = path.join(SHOTS, `world-v3-${new URL(process.env.KOLA_E2E_BASE_URL!).port}-${(process.env.KOLA_E2E_API_KEY ?? "").slice(-8)}.json`);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  if (fs.existsSync(WORLD)) {
    world = JSON.parse(fs.readFileSync(WORLD, "utf8")) as World;
    return;
  }
  const context = await browser.newContext({ extraHTTPHeaders: asClient() });
  const request = context.request;
  const { apiKey } = await signUpThrough(request, "Boutique Awa & Fils, Douala", uniqueEmail("sweep"));
  const headers = { "api-key": apiKey };
  const gateway = async (data: Record<string, unknown>) => {
    const res = await request.post("/v1/gateway", { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const open = await gateway({ amount: 15000, shop_name: "Boutique Awa", message: "Deux pagnes wax, livraison à Bonamoussadi samedi matin", order_id: "CMD-2026-0042" });
  const paid = await gateway({ amount: 5000, shop_name: "Boutique Awa", message: "Sac en raphia", order_id: "CMD-2026-0043" });
  const archived = await gateway({ amount: 7500, shop_name: "Boutique Awa", message: "Chaussures (ancienne collection)", order_id: "CMD-2026-0044" });
  expect((await request.delete(`/v1/gateway/${archived}`, { headers })).status()).toBe(200);

  const market = await request.post("/v1/api/marketplace", { headers, multipart: { name: "Marché Awa", fee: "2.5", form_blocks: JSON.stringify(BLOCKS) } });
  expect(market.status(), await market.text()).toBe(200);
  const link = await request.post("/v1/api/marketplace/gateway", {
    headers,
    data: { amount: 15000, shop_name: "Atelier Fatou", phone_number: "+237 6 99 00 00 00", message: "Sandales en cuir, fabriquées à Douala." },
  });
  expect(link.status(), await link.text()).toBe(200);
  const marketId = ((await link.json()) as { id: string }).id;

  const buyer = {
    full_name: "Awa Ndiaye",
    email: "awa.ndiaye.longue-adresse@example.com",
    answers: {
      taille_eu: "M",
      adresse_de_livraison_complete_avec_le_quartier_et_un_repere: "Bonamoussadi, derrière la pharmacie Sainte-Thérèse, portail bleu",
      couleur: "Bleu",
      j_accepte_les_conditions_de_vente: "true",
    },
  };
  const failedTrack = await attempt(request, `/pay/${open}`, { operator: "MTN_MOMO_CMR", phone: "6 70 00 00 01" });
  const paidTrack = await attempt(request, `/pay/${paid}`, { operator: "MTN_MOMO_CMR", phone: "6 70 00 00 00" });
  const marketFailedTrack = await attempt(request, `/pay/m/${marketId}`, { operator: "ORANGE_MONEY_CMR", phone: "6 90 00 00 02", ...buyer });
  await settled(request, apiKey, marketFailedTrack, "failed"); // one pending attempt per phone: then the next
  const marketPaidTrack = await attempt(request, `/pay/m/${marketId}`, { operator: "ORANGE_MONEY_CMR", phone: "6 90 00 00 00", ...buyer });
  for (const [trackId, status] of [
    [failedTrack, "failed"],
    [paidTrack, "success"],
    [marketPaidTrack, "success"],
  ] as const) {
    await settled(request, apiKey, trackId, status);
  }

  // a customer, an invoice, a payment page, a webhook address and a saved payout number (the balance page's list)
  const made = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const customer = await made("/v1/customers", { phone_number: "+237 6 70 00 00 42", name: "Awa Ndiaye", email: "awa.ndiaye.longue-adresse@example.com" });
  const invoice = await made("/v1/invoices", {
    reference: "F-2026-0042",
    customer_name: "Awa Ndiaye",
    customer_phone: "670000042",
    lines: [
      { label: "Sac de riz parfumé 50 kg, livraison comprise jusqu'à Bonamoussadi", quantity: 4, unit_price: 22500 },
      { label: "Livraison", quantity: 1, unit_price: 10000 },
    ],
    due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    allow_partial: true,
    min_part_amount: 20000,
    reminder_days: [-3, 0, 7],
  });
  const paymentPage = await made("/v1/payment-pages", { title: "Cotisation 2027 de l'association des commerçants de Bonamoussadi", amount_type: "custom", min_amount: 1000, max_amount: 50000 });
  // a webhook address (the developers page's list); nothing is sent to it: no event comes after it
  await made("/v1/webhooks", { url: "http://127.0.0.1:9/kola/webhooks/boutique-awa-et-fils", event_types: ["payment.succeeded", "payment.failed"] });
  await made("/v1/payout-numbers", { label: "Mon MTN de la boutique", operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 00" });
  // a withdrawal (the balance page's list) and an invitation (the team page's): lists with a row
  const withdrawal = await request.post("/v1/payouts", { headers: { ...headers, "idempotency-key": token() }, data: { amount: 2000, operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 00" } });
  expect(withdrawal.status(), await withdrawal.text()).toBe(200);
  const invited = await request.post("/v1/invitations", {
    headers: { origin: new URL(process.env.KOLA_E2E_BASE_URL!).origin, "kola-mode": "test" },
    data: { email: uniqueEmail("sweep-comptable-de-la-boutique"), role: "viewer" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  world = { storage: await context.storageState(), apiKey, open, paid, paidTrack, archived, failedTrack, market: marketId, marketPaidTrack, marketFailedTrack, customer, invoice, paymentPage };
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(WORLD, JSON.stringify(world));
  await context.close();
});

type Lang = "fr" | "en";
type Visit = { name: string; path: (lang: Lang) => string | Promise<string>; ready: (page: Page, lang: Lang) => Promise<void>; signedIn?: boolean; status?: number };

// what each page says once ready, in each language
const W = {
  fr: {
    login: "Connexion",
    signup: "Créer un compte",
    chart: /Revenu net par jour/,
    unarchive: "Désarchiver",
    preview: "Aperçu de la page de paiement",
    developers: "Développeurs",
    counter: "Encaisser",
    pay: /^Payer/,
    failed: "Le paiement n’a pas abouti",
    receipt: "Paiement reçu",
    waiting: "Validez le paiement sur votre téléphone",
    notFound: "Page introuvable",
    newInvoice: "Nouvelle facture",
    newPage: "Nouvelle page",
    newPageTitle: "Nouvelle page de paiement",
    savedNumbers: "Numéros de retrait enregistrés",
  },
  en: {
    login: "Log in",
    signup: "Create an account",
    chart: /Net revenue per day/,
    unarchive: "Unarchive",
    preview: "Payment page preview",
    developers: "Developers",
    counter: "Collect",
    pay: /^Pay/,
    failed: "The payment did not go through",
    receipt: "Payment received",
    waiting: "Approve the payment on your phone",
    notFound: "Page not found",
    newInvoice: "New invoice",
    newPage: "New page",
    newPageTitle: "New payment page",
    savedNumbers: "Saved payout numbers",
  },
} as const;
const says = (pick: (w: (typeof W)[Lang]) => string | RegExp) => (page: Page, lang: Lang) => heading(pick(W[lang]))(page);

// a busy machine: the dashboard's chunks take their time
const slow = expect.configure({ timeout: 15_000 });
const heading = (name: RegExp | string) => async (page: Page) => {
  await slow(page.getByRole("heading", { level: 1, name })).toBeVisible();
};
const idle = (ready: (page: Page, lang: Lang) => Promise<void>) => async (page: Page, lang: Lang) => {
  await ready(page, lang);
  await slow(page.locator("[aria-busy=true]")).toHaveCount(0);
};

const visits: Visit[] = [
  { name: "home", path: () => "/", ready: heading(/mobile money/i) },
  { name: "login", path: () => "/login", ready: says((w) => w.login) },
  { name: "signup", path: () => "/signup", ready: says((w) => w.signup) },
  { name: "overview", path: () => "/dashboard", signedIn: true, ready: idle(async (page, lang) => slow(page.getByRole("img", { name: W[lang].chart })).toBeVisible()) },
  { name: "links", path: () => "/dashboard/links", signedIn: true, ready: idle(async (page) => slow(page.getByRole("link", { name: "Boutique Awa" }).first()).toBeVisible()) },
  { name: "link-paid", path: () => `/dashboard/links/${world.paid}`, signedIn: true, ready: idle(async (page) => slow(page.getByText(world.paidTrack).first()).toBeVisible()) },
  { name: "link-archived", path: () => `/dashboard/links/${world.archived}`, signedIn: true, ready: idle(async (page, lang) => slow(page.getByRole("button", { name: W[lang].unarchive })).toBeVisible()) },
  { name: "marketplace", path: () => "/dashboard/marketplace", signedIn: true, ready: idle(async (page, lang) => slow(page.getByRole("heading", { name: W[lang].preview })).toBeVisible()) },
  { name: "marketplace-links", path: () => "/dashboard/marketplace-links", signedIn: true, ready: idle(async (page) => slow(page.getByRole("link", { name: /Atelier Fatou/ }).first()).toBeVisible()) },
  { name: "marketplace-link", path: () => `/dashboard/marketplace-links/${world.market}`, signedIn: true, ready: idle(async (page) => slow(page.getByTestId("transaction")).toHaveCount(2)) },
  { name: "deposits", path: () => `/dashboard/deposits?track_id=${world.paidTrack}`, signedIn: true, ready: idle(async (page) => slow(page.getByText(world.paidTrack).first()).toBeVisible()) },
  { name: "developers", path: () => "/dashboard/developers", signedIn: true, ready: idle(says((w) => w.developers)) },
  { name: "counter", path: () => "/dashboard/counter", signedIn: true, ready: idle(says((w) => w.counter)) },
  { name: "balance", path: () => "/dashboard/balance", signedIn: true, ready: idle(async (page) => slow(page.getByRole("heading", { level: 1 })).toBeVisible()) },
  { name: "payment", path: () => `/dashboard/payments/${world.paidTrack}`, signedIn: true, ready: idle(async (page) => slow(page.getByText(world.paidTrack).first()).toBeVisible()) },
  {
    name: "payment-market",
    path: () => `/dashboard/payments/${world.marketPaidTrack}`,
    signedIn: true,
    ready: idle(async (page) => slow(page.getByText("Awa Ndiaye").first()).toBeVisible()),
  },
  // the rest of the dashboard's pages: lists as cards on the phone, forms, settings
  { name: "customers", path: () => "/dashboard/customers", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "invoices", path: () => "/dashboard/invoices", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "payment-pages", path: () => "/dashboard/payment-pages", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "sellers", path: () => "/dashboard/sellers", signedIn: true, ready: idle(async (page) => slow(page.getByRole("link", { name: /Atelier Fatou/ }).first()).toBeVisible()) },
  { name: "settings", path: () => "/dashboard/settings", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "team", path: () => "/dashboard/team", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "counter-stall", path: () => "/dashboard/counter/stall", signedIn: true, ready: idle(heading(/.+/)) },
  // lists and forms the sweep had not walked: a customer's, an invoice's and a payment page's own
  // pages, a new invoice, a new payment page's dialog, the balance with a saved payout number
  { name: "invoices-new", path: () => "/dashboard/invoices/new", signedIn: true, ready: idle(says((w) => w.newInvoice)) },
  { name: "invoice", path: () => `/dashboard/invoices/${world.invoice}`, signedIn: true, ready: idle(async (page) => slow(page.getByText("F-2026-0042").first()).toBeVisible()) },
  { name: "customer", path: () => `/dashboard/customers/${world.customer}`, signedIn: true, ready: idle(heading(/Awa Ndiaye/)) },
  {
    name: "payment-pages-new",
    path: () => "/dashboard/payment-pages",
    signedIn: true,
    ready: idle(async (page, lang) => {
      const dialog = page.getByRole("dialog", { name: W[lang].newPageTitle });
      if (!(await dialog.isVisible())) await slow(page.getByRole("button", { name: W[lang].newPage }).first()).toBeVisible();
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: W[lang].newPage }).first().click();
      await slow(dialog).toBeVisible();
    }),
  },
  { name: "payment-page", path: () => `/dashboard/payment-pages/${world.paymentPage}`, signedIn: true, ready: idle(heading(/Cotisation 2027/)) },
  {
    name: "balance-saved-number",
    path: () => "/dashboard/balance",
    signedIn: true,
    ready: idle(async (page, lang) => slow(page.getByRole("region", { name: W[lang].savedNumbers }).getByTestId("payout-number")).toHaveCount(1)),
  },
  { name: "marketplace-links-archived", path: () => "/dashboard/marketplace-links?view=archived", signedIn: true, ready: idle(heading(/.+/)) },
  { name: "forgot-password", path: () => "/forgot-password", ready: heading(/.+/) },
  { name: "reset-password", path: () => `/reset-password?token=${token()}`, ready: heading(/.+/) },
  { name: "signup-confirm", path: () => `/signup/confirm?token=${token()}`, ready: heading(/.+/) },
  { name: "pay-form", path: () => `/pay/${world.open}`, ready: async (page, lang) => slow(page.getByRole("button", { name: W[lang].pay })).toBeVisible() },
  { name: "pay-retry", path: (lang) => `/pay/${world.open}?lang=${lang}&from=${world.failedTrack}`, ready: async (page) => slow(page.locator("#phone")).toHaveValue("6 70 00 00 01") },
  { name: "pay-failed", path: () => `/pay/${world.open}/${world.failedTrack}`, ready: says((w) => w.failed) },
  { name: "pay-receipt", path: () => `/pay/${world.paid}/${world.paidTrack}`, ready: says((w) => w.receipt) }, // the payer's own page (strangers at /pay/{id} read « déjà payé »)
  { name: "pay-archived", path: () => `/pay/${world.archived}`, status: 410, ready: async (page) => slow(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "pay-not-found", path: () => "/pay/00000000-0000-4000-8000-000000000000", status: 404, ready: async (page) => slow(page.getByRole("heading", { level: 1 })).toBeVisible() },
  {
    name: "pay-waiting",
    // a number that never answers: the attempt stays pending (until it expires, after the check)
    path: async () => `/pay/${await newOpenLink()}`,
    ready: says((w) => w.waiting),
  },
  { name: "market-form", path: () => `/pay/m/${world.market}`, ready: async (page, lang) => slow(page.getByRole("button", { name: W[lang].pay })).toBeVisible() },
  { name: "market-retry", path: (lang) => `/pay/m/${world.market}?lang=${lang}&from=${world.marketFailedTrack}`, ready: async (page) => slow(page.locator("#full_name")).toHaveValue("Awa Ndiaye") },
  { name: "market-receipt", path: () => `/pay/m/${world.market}/${world.marketPaidTrack}`, ready: says((w) => w.receipt) },
  { name: "dashboard-404", path: () => "/dashboard/nowhere", signedIn: true, status: 404, ready: idle(says((w) => w.notFound)) },
  { name: "site-404", path: () => "/nowhere", status: 404, ready: says((w) => w.notFound) },
];

let sweepRequest: APIRequestContext;
/** A link with an attempt waiting for the buyer: its waiting page. */
async function newOpenLink(): Promise<string> {
  const res = await sweepRequest.post("/v1/gateway", { headers: { "api-key": world.apiKey }, data: { amount: 2500, shop_name: "Boutique Awa" } });
  const { id } = (await res.json()) as { id: string };
  // a number of its own each time (5 attempts per number per 10 minutes), ending in 03: never answers
  const phone = `67${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}03`;
  const trackId = await attempt(sweepRequest, `/pay/${id}`, { operator: "MTN_MOMO_CMR", phone });
  return `${id}/${trackId}`;
}

// One page per (visit, language), looked at on the phone first, then widened to the desktop: the
// page is loaded once for both sizes (loading it twice doubled the sweep's time for nothing). In
// English, the phone only: English words are what may not fit, and a phone is where they would
// not; what axe reads (roles, names, contrast, landmarks) does not change with the width, and the
// French pass looks at both (a quarter of CI's end-to-end time went to this sweep).
const SIZES_OF = { fr: SIZES, en: [SIZES[0]] } as const;
for (const lang of ["fr", "en"] as const) {
  for (const visit of visits) {
    const sizes = SIZES_OF[lang];
    test(`${visit.name} (${lang}) at ${sizes.map((size) => size.name).join(" and ")}: fits, axe finds nothing`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: SIZES[0].width, height: SIZES[0].height }, // the phone first: the page loads as a buyer's does
        locale: lang === "fr" ? "fr-FR" : "en-US",
        extraHTTPHeaders: asClient(),
        ...(visit.signedIn ? { storageState: world.storage } : {}),
      });
      // the dashboard's language is its cookie's (the checkout follows Accept-Language)
      const origin = new URL(process.env.KOLA_E2E_BASE_URL!);
      await context.addCookies([{ name: "kola_lang", value: lang, domain: origin.hostname, path: "/" }]);
      sweepRequest = context.request;
      const page = await context.newPage();
      // the waiting page reloads itself once its attempt ends (here: expired after 8 s): keep it waiting
      await page.route(STATUS_POLL, (route) => route.fulfill({ json: { status: "pending" } }));
      const response = await page.goto(await visit.path(lang));
      expect(response?.status(), visit.name).toBe(visit.status ?? 200);
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await visit.ready(page, lang);
        await page.waitForTimeout(200); // fonts and late layout
        await page.screenshot({ path: path.join(SHOTS, `${visit.name}-${size.name}${lang === "fr" ? "" : "-en"}.png`), fullPage: true });

        // too wide: the message names the elements that stick out (outermost first)
        const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          wide: [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute("class") ?? "").slice(0, 80)} → ${Math.round(e.getBoundingClientRect().right)}`),
        }));
        expect.soft(scrollWidth, `${visit.name}: page width at ${size.width}: ${wide.join(" | ")}`).toBeLessThanOrEqual(innerWidth);

        const results = await new AxeBuilder({ page }).analyze();
        const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ")}`);
        expect.soft(violations, `axe on ${visit.name} at ${size.width}`).toEqual([]);
      }
      await context.close();
    });
  }
}
