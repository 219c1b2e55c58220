import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as lookupRoute from "@/app/r/route";
import * as receiptRoute from "@/app/r/[code]/route";
import * as depositRoute from "@/app/v1/deposits/[track_id]/route";
import * as depositsRoute from "@/app/v1/deposits/route";
import * as paymentsExport from "@/app/v1/exports/payments/route";
import * as transactionsExport from "@/app/v1/exports/marketplace-transactions/route";
import type { Auth } from "@/lib/core/auth";
import { formatReceiptCode, RECEIPT_ALPHABET, RECEIPT_CODE_PATTERN } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents, refunds } from "@/lib/db/schema";
import { newReceiptCode } from "@/lib/deposits/receipt-code";
import { createGateway } from "@/lib/gateways/create-gateway";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { receiptLookupLimits } from "@/lib/receipts/handlers";
import { call, newAuth } from "@/test/support/api";
import { hit } from "@/test/support/checkout";
import { createMarketplace } from "@/test/support/marketplace";
import { receiptCodeOf } from "@/test/support/receipts";
import { pendingMarketplaceSale, pendingPayment } from "@/test/support/webhooks";

// Receipt codes (what lets a seller check a "paid" screenshot): every success gets one in the update that records it; the
// buyer shows it, anyone checks it at /r/{code}, which says what it proves and nothing else.

let auth: Auth & { key: string };
beforeAll(async () => {
  auth = await newAuth("CMR");
  expect((await createMarketplace(auth.key, { name: "Marché Akwa" })).status).toBe(200);
});
afterEach(() => setSandboxTransport(undefined));

/** Each test its own client address: the lookup limits count per address. */
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

const page = (code: string, options: { lang?: string; acceptLanguage?: string; address?: string } = {}) =>
  hit(receiptRoute.GET, { code }, `/r/${encodeURIComponent(code)}${options.lang ? `?lang=${options.lang}` : ""}`, {
    headers: { "x-forwarded-for": options.address ?? newAddress(), ...(options.acceptLanguage ? { "accept-language": options.acceptLanguage } : {}) },
  });

/** The words a person sees (the card), tags and entities gone, spaces collapsed. */
function visible(html: string): string {
  const card = /<div class="card">([\s\S]*)<\/div><\/main>/.exec(html)?.[1] ?? "";
  return card
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
}

const HEADERS = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
  "content-type": "text/html; charset=utf-8",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
};
const headersOf = (res: { headers: Headers }) => Object.fromEntries(Object.keys(HEADERS).map((name) => [name, res.headers.get(name)]));

describe("a success's receipt code", () => {
  it("is given in the settlement: 10 characters of the alphabet, formatted in the event, the deposit's views and both exports", async () => {
    const deposit = await pendingPayment(auth, { amount: 7000 });
    expect(deposit.receiptCode).toBeNull(); // pending: none yet
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.receiptCode).toMatch(new RegExp(`^[${RECEIPT_ALPHABET}]{10}$`));
    const code = formatReceiptCode(row!.receiptCode!);
    expect(code).toMatch(RECEIPT_CODE_PATTERN);

    // the webhook event
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
    expect([event!.type, (event!.data as { receipt_code: string }).receipt_code]).toEqual(["payment.succeeded", code]);
    // the deposit's views (the interface's own body stays as it was: see test/deposits)
    const detail = await call(depositRoute.GET, "GET", `/v1/deposits/${deposit.trackId}`, { key: auth.key });
    expect([detail.status, (detail.body as { receipt_code: string }).receipt_code]).toEqual([200, code]);
    const list = await call(depositsRoute.GET, "GET", `/v1/deposits?payment_gateway_id=${deposit.paymentGatewayId}`, { key: auth.key });
    expect((list.body as { track_id: string; receipt_code: string }[]).map((d) => [d.track_id, d.receipt_code])).toEqual([[deposit.trackId, code]]);
    // the payments export: the column before payment_page_id (empty: a payment link's payment)
    const today = new Date().toISOString().slice(0, 10);
    const csv = await call(paymentsExport.GET, "GET", `/v1/exports/payments?from=${today}&to=${today}`, { key: auth.key });
    const line = String(csv.body).split("\r\n").find((l) => l.includes(deposit.trackId))!;
    expect(line.split(",").slice(-2)).toEqual([code, ""]);
    // a failure gets none
    const failed = await pendingPayment(auth);
    expect(await settleDeposit(failed.id, { status: "failed", reason: "insufficient_funds" })).toBe(true);
    const [failedRow] = await db.select({ code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, failed.id));
    expect(failedRow!.code).toBeNull();
  });

  it("a marketplace sale's: in its event and the marketplace-transactions export", async () => {
    const { deposit } = await pendingMarketplaceSale(auth, auth.key);
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    const code = await receiptCodeOf(deposit.id);
    const db = await getDb();
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
    expect([event!.type, (event!.data as { receipt_code: string }).receipt_code]).toEqual(["marketplace.transaction.succeeded", code]);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await call(transactionsExport.GET, "GET", `/v1/exports/marketplace-transactions?from=${today}&to=${today}`, { key: auth.key });
    const line = String(csv.body).split("\r\n").find((l) => l.includes(deposit.trackId))!;
    expect(line.split(",").at(-1)).toBe(code);
  });

  it("two settlements at once: one wins, one code, never replaced afterwards", async () => {
    for (let round = 0; round < 3; round++) {
      const deposit = await pendingPayment(auth);
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => settleDeposit(deposit.id, { status: "success" })));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const code = await receiptCodeOf(deposit.id);
      const db = await getDb();
      const events = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
      expect(events.map((e) => (e.data as { receipt_code: string }).receipt_code)).toEqual([code]);
      // later reports of the same success change nothing
      expect(await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-again" })).toBe(false);
      expect(await receiptCodeOf(deposit.id)).toBe(code);
    }
  });

  it("a late success (after our expiry) and a duplicate get one too", async () => {
    const late = await pendingPayment(auth);
    expect(await settleDeposit(late.id, { status: "expired", reason: "no_answer_from_payer" })).toBe(true);
    expect(await receiptCodeOfOrNull(late.id)).toBeNull();
    expect(await settleDeposit(late.id, { status: "success" })).toBe(true);
    expect(await receiptCodeOf(late.id)).toMatch(RECEIPT_CODE_PATTERN);

    const { first, second } = await paidTwice();
    const [a, b] = [await receiptCodeOf(first.id), await receiptCodeOf(second.id)];
    expect(a).not.toBe(b);
  });

  it("1000 new codes: all different, each of the 32 characters at each of the 10 places", () => {
    const codes = Array.from({ length: 1000 }, () => newReceiptCode());
    expect(new Set(codes).size).toBe(1000);
    // 1000 draws per place: a character missing from a place has a chance of 32 × (31/32)^1000 ≈ 5e-13
    for (let place = 0; place < 10; place++) {
      expect(new Set(codes.map((c) => c[place])).size, `place ${place}`).toBe(32);
    }
    expect(codes.every((c) => new RegExp(`^[${RECEIPT_ALPHABET}]{10}$`).test(c))).toBe(true);
  });
});

async function receiptCodeOfOrNull(depositId: string): Promise<string | null> {
  const [row] = await (await getDb()).select({ code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, depositId));
  return row!.code;
}

/** A payment link paid by two attempts: the first given up, then approved after all (a duplicate, refunded automatically). */
async function paidTwice() {
  setSandboxTransport(async () => {});
  const gateway = await createGateway(auth, { amount: 5000, shop_name: "Boutique Awa", message: "", order_id: "", success_url: "", failure_url: "" });
  const attempt = (phone: string) =>
    startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", "") });
  const first = await attempt("670000010");
  const db = await getDb();
  await db.update(deposits).set({ abandonedAt: new Date() }).where(eq(deposits.id, first.id));
  const second = await attempt("670000020");
  expect(await settleDeposit(second.id, { status: "success" })).toBe(true);
  expect(await settleDeposit(first.id, { status: "success" })).toBe(true); // the duplicate
  return { first, second };
}

/** A live success as the books would have it, with its code and refunds (what refunded_amount counts). */
async function liveSuccess(options: { shop?: string | null; refunded?: number; country?: string; code?: string } = {}) {
  const live = { ...auth, mode: "live" as const };
  const gateway =
    options.shop === null
      ? null
      : await createGateway(live, { amount: 15000, shop_name: options.shop ?? "Boutique Awa", message: "", order_id: "", success_url: "", failure_url: "" });
  const code = options.code ?? newReceiptCode();
  const db = await getDb();
  const [row] = await db
    .insert(deposits)
    .values({
      accountId: auth.accountId,
      mode: "live",
      trackId: `TRK${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
      amount: 15000,
      currency: "XAF",
      country: options.country ?? "CMR",
      operator: "MTN_MOMO_CMR",
      phoneNumber: "237677123456",
      status: "success",
      provider: "pawapay",
      providerReference: "PAWA-REF-1",
      paymentGatewayId: gateway?.id ?? null,
      completedAt: new Date("2026-11-22T10:15:00Z"),
      refundedAmount: options.refunded ?? 0,
      receiptCode: code,
    })
    .returning();
  if (options.refunded) {
    await db.insert(refunds).values({ accountId: auth.accountId, mode: "live", depositId: row!.id, currency: "XAF", provider: "pawapay", amount: options.refunded, status: "success" });
  }
  return { deposit: row!, code: formatReceiptCode(code) };
}

/** What a receipt page must never show: the payer's number (in any spelling), the track_id, the provider's reference. */
function expectNothingPrivate(html: string, deposit: { trackId: string; phoneNumber: string; providerReference: string | null }) {
  for (const secret of [deposit.trackId, deposit.phoneNumber, deposit.phoneNumber.slice(3), "677 12 34 56", "12 34 56", deposit.providerReference ?? "no reference"]) {
    expect(html).not.toContain(secret);
  }
}

describe("GET /r/{code}: what a receipt code proves", () => {
  it("a paid live payment: « Reçu valable », the amount, the shop, the date in the account's time zone, Payé", async () => {
    const { deposit, code } = await liveSuccess();
    const res = await page(code);
    expect([res.status, headersOf(res)]).toEqual([200, HEADERS]);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(visible(res.text)).toBe(
      `✓ Reçu valable Ce code correspond à un paiement mobile money reçu par Kola. ${code} Montant 15 000 FCFA Boutique Boutique Awa Date 22 nov. 2026, 11:15 UTC+1 Statut Payé Vérifiez que le montant, la boutique et la date sont ceux attendus. Ce reçu ne montre ni le numéro ni le nom du client. Vérifier un autre code`,
    );
    expect(res.text).toContain("<title>Reçu valable</title>");
    expect(res.text).not.toContain("<script");
    expectNothingPrivate(res.text, deposit);
  });

  it("typed as a person types it: lower case, spaces, O for 0, I and L for 1", async () => {
    const { code } = await liveSuccess({ code: "K7P2M91Q40" });
    expect(code).toBe("K7P2M-91Q40");
    for (const typed of ["k7p2m 91q40", "K7P2M-9IQ4O", "k7p2m9lq4o", " K7P2M - 91Q40 "]) {
      const res = await page(typed);
      expect([typed, res.status, visible(res.text).split(" Montant")[0]]).toEqual([typed, 200, `✓ Reçu valable Ce code correspond à un paiement mobile money reçu par Kola. K7P2M-91Q40`]);
    }
  });

  it("in English by ?lang=en or Accept-Language", async () => {
    const { code } = await liveSuccess();
    const expected = `✓ Valid receipt This code matches a mobile money payment received by Kola. ${code} Amount FCFA 15,000 Shop Boutique Awa Date 22 Nov 2026, 11:15 UTC+1 Status Paid Check that the amount, shop and date are the ones you expect. A receipt never shows the buyer's number or name. Check another code`;
    expect(visible((await page(code, { lang: "en" })).text)).toBe(expected);
    expect(visible((await page(code, { acceptLanguage: "en-GB,en;q=0.9,fr;q=0.5" })).text)).toBe(expected);
    expect(visible((await page(code, { lang: "fr", acceptLanguage: "en" })).text)).toMatch(/^✓ Reçu valable/);
  });

  it("partly refunded, and refunded: said in the status and in a warning", async () => {
    const partly = await liveSuccess({ refunded: 5000 });
    const res = await page(partly.code);
    expect(res.status).toBe(200);
    expect(visible(res.text)).toBe(
      `! Reçu valable Ce code correspond à un paiement mobile money reçu par Kola. ${partly.code} Attention : 5 000 FCFA de ce paiement ont été remboursés au client. Montant 15 000 FCFA Boutique Boutique Awa Date 22 nov. 2026, 11:15 UTC+1 Statut Partiellement remboursé (5 000 FCFA) Vérifiez que le montant, la boutique et la date sont ceux attendus. Ce reçu ne montre ni le numéro ni le nom du client. Vérifier un autre code`,
    );
    expectNothingPrivate(res.text, partly.deposit);

    const whole = await page((await liveSuccess({ refunded: 15000 })).code);
    expect(visible(whole.text)).toContain("Attention : ce paiement a été remboursé au client. Montant 15 000 FCFA");
    expect(visible(whole.text)).toContain("Statut Remboursé Vérifiez");
  });

  it("the shop: the account's business name when there is no link; the date in the account's zone, not the payer's", async () => {
    const { code } = await liveSuccess({ shop: null, country: "SEN" });
    expect(visible((await page(code)).text)).toContain("Montant 15 000 FCFA Boutique Test shop Date 22 nov. 2026, 11:15 UTC+1 Statut Payé");
  });

  it("a marketplace sale: the marketplace's name and its seller", async () => {
    const { deposit } = await pendingMarketplaceSale(auth, auth.key);
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    const res = await page(await receiptCodeOf(deposit.id));
    expect(visible(res.text)).toContain("Montant 15 300 FCFA Boutique Marché Akwa Vendeur Chez Awa Date");
    expect(res.text).not.toContain("Awa Diallo"); // the buyer
    expect(res.text).not.toContain("awa@example.com");
    expectNothingPrivate(res.text, deposit);
  });

  it("a TEST-mode payment says so loudly, first: anyone can make one in the sandbox", async () => {
    const deposit = await pendingPayment(auth, { amount: 7000 });
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    const code = await receiptCodeOf(deposit.id);
    const res = await page(code);
    expect(res.status).toBe(200);
    expect(visible(res.text)).toMatch(
      new RegExp(`^! Paiement de TEST — aucun argent réel Ce reçu vient du mode test \\(bac à sable\\) : personne n’a payé\\. Ne remettez rien contre ce reçu\\. ${code} Montant 7 000 FCFA Boutique Boutique Webhooks Date .+ Statut Payé`),
    );
    expect(res.text).toContain('<h1 class="loud">Paiement de TEST — aucun argent réel</h1>');
    expect(res.text).not.toContain("Reçu valable");
    expectNothingPrivate(res.text, deposit);
    expect(visible((await page(code, { lang: "en" })).text)).toMatch(/^! TEST payment — no real money This receipt comes from test mode/);
  });

  it("a duplicate being refunded: its page says refunded", async () => {
    const { first } = await paidTwice();
    expect(visible((await page(await receiptCodeOf(first.id))).text)).toContain("Statut Remboursé");
  });

  it("an unknown code: 404 « Ce reçu n'existe pas », and the form to type another", async () => {
    const res = await page("ZZZZZ-00000");
    expect([res.status, headersOf(res)]).toEqual([404, HEADERS]);
    expect(visible(res.text)).toBe(
      "✕ Ce reçu n’existe pas Aucun paiement ne porte ce code. Vérifiez chaque caractère avec le client : un reçu inventé ou modifié n’a pas de code valable. Code du reçu 10 caractères, par exemple K7P2M-9XQ4D (majuscules ou minuscules, avec ou sans tiret). Vérifier",
    );
    expect(res.text).toContain('name="code" value="ZZZZZ-00000"');
    expect(res.text).toContain('<form class="lookup" method="get" action="/r"><input type="hidden" name="lang" value="fr">');
  });

  it.each([["K7P2M-9XQ4"], ["K7P2M-9XQ4U"], ["<script>alert(1)</script>"], ["%E0%A4%A"], ["x".repeat(200)]])("a code that cannot be one (%s): the same 404, saying why", async (typed) => {
    const res = await hit(receiptRoute.GET, { code: typed }, `/r/${encodeURIComponent(typed)}`, { headers: { "x-forwarded-for": newAddress() } });
    expect([res.status, headersOf(res)]).toEqual([404, HEADERS]);
    expect(visible(res.text)).toContain("✕ Ce reçu n’existe pas Aucun paiement ne porte ce code.");
    expect(res.text).toContain('<p class="err" id="err-code" role="alert">Ce code n’a pas la bonne forme\u00a0: 10 caractères, par exemple K7P2M-9XQ4D.</p>');
    expect(res.text).not.toContain("<script>alert");
    expect(res.text).not.toContain("x".repeat(41));
  });
});

describe("the lookup limits", () => {
  it("20 lookups a minute per address, then 429 with Retry-After; another address still checks", async () => {
    expect(receiptLookupLimits).toEqual({ minute: { name: "receipt-minute", max: 20, windowMs: 60_000 }, day: { name: "receipt-day", max: 200, windowMs: 86_400_000 } });
    const { code } = await liveSuccess();
    const address = newAddress();
    for (let i = 0; i < 20; i++) expect((await page(i === 19 ? code : "ZZZZZ-00000", { address })).status).toBe(i === 19 ? 200 : 404);
    const limited = await page(code, { address });
    expect([limited.status, headersOf(limited)]).toEqual([429, HEADERS]);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(visible(limited.text)).toBe("! Trop de vérifications Trop de codes vérifiés depuis cette connexion. Réessayez dans 1 min.");
    expect(limited.text).not.toContain("Boutique Awa"); // refused before the lookup
    expect((await page(code, { address: newAddress() })).status).toBe(200);
  });
});

describe("GET /r: the form", () => {
  it("asks for a code", async () => {
    const res = await hit(lookupRoute.GET, {}, "/r");
    expect([res.status, headersOf(res)]).toEqual([200, HEADERS]);
    expect(visible(res.text)).toBe(
      "Vérifier un reçu Le client vous montre un « paiement effectué » ? Saisissez le code de son reçu pour vérifier qu’il a bien payé. Code du reçu 10 caractères, par exemple K7P2M-9XQ4D (majuscules ou minuscules, avec ou sans tiret). Vérifier",
    );
    expect(res.text).toContain('name="code" value="" required maxlength="40" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="code-hint">');
  });

  it("sends a typed code to its page (303), in the language chosen", async () => {
    const res = await hit(lookupRoute.GET, {}, "/r?lang=en&code=k7p2m+9xq4o");
    expect([res.status, res.headers.get("location"), res.headers.get("referrer-policy")]).toEqual([303, "/r/K7P2M-9XQ40?lang=en", "no-referrer"]);
    const bare = await hit(lookupRoute.GET, {}, "/r?code=K7P2M-9XQ4D");
    expect([bare.status, bare.headers.get("location")]).toEqual([303, "/r/K7P2M-9XQ4D"]);
  });

  it("says what is wrong with a code that cannot be one (422), keeping what was typed", async () => {
    const res = await hit(lookupRoute.GET, {}, "/r?code=K7P2M-9XQ");
    expect(res.status).toBe(422);
    expect(res.text).toContain('value="K7P2M-9XQ"');
    expect(res.text).toContain('aria-describedby="code-hint err-code" aria-invalid="true">');
    expect(visible(res.text)).toContain("Ce code n’a pas la bonne forme : 10 caractères, par exemple K7P2M-9XQ4D.");
  });
});
