import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as submitLinkJson from "@/app/api/checkout/pay/[id]/route";
import * as submitMarketJson from "@/app/api/checkout/pay/m/[id]/route";
import * as status from "@/app/api/checkout/status/[track_id]/route";
import * as assets from "@/app/pay/assets/[file]/route";
import * as linkWait from "@/app/pay/[id]/[track_id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as marketWait from "@/app/pay/m/[id]/[track_id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import * as transactions from "@/app/v1/api/marketplace/gateway/[gateway_id]/transactions/route";
import * as gatewayById from "@/app/v1/gateway/[gateway_id]/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import { assetUrl } from "@/lib/checkout/assets";
import {
  clientTokenOf,
  createLink,
  hit,
  merchantWithLink,
  merchantWithMarketplace,
  setMarketplaceActive,
  type Page,
} from "@/test/support/checkout";
import { newClientToken as newToken } from "@/lib/checkout/form-input";
import { getDb } from "@/lib/db/client";
import { deposits, paymentGateways } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { call } from "@/test/support/api";
import { receiptCodeOf } from "@/test/support/receipts";
import { publicBaseUrl } from "@/lib/runtime/config";
import { answerFields, answerList, BUYER, EVERY_ANSWER_BY_NAME } from "@/e2e/pay/data";

// The hosted checkout in-process: every page state, the form without JavaScript (303), the JSON
// endpoint of the page's script, the status endpoint, assets, and the headers on all of them.

const TRACK = /TRK[A-Z2-7]{20}/;
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

beforeAll(() => setSandboxTransport(async () => {})); // the sandbox's callbacks are dropped: tests settle deposits

const getLink = (id: string, query = "", headers: Record<string, string> = {}) =>
  hit(linkPage.GET, { id }, `/pay/${id}${query}`, { headers });
const postLink = (id: string, form: Record<string, string>, query = "?lang=fr") =>
  hit(linkPage.POST, { id }, `/pay/${id}${query}`, { form });
const getWait = (id: string, track_id: string, query = "?lang=fr") => hit(linkWait.GET, { id, track_id }, `/pay/${id}/${track_id}${query}`);

async function depositsOf(gatewayId: string) {
  const db = await getDb();
  return db.select().from(deposits).where(eq(deposits.paymentGatewayId, gatewayId));
}

async function settle(trackId: string, status: "success" | "failed" | "expired", reason?: string) {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  expect(await settleDeposit(row!.id, { status, reason })).toBe(true);
}

function expectCheckoutHeaders(page: Page, csp = CSP) {
  expect({
    csp: page.headers.get("content-security-policy"),
    referrer: page.headers.get("referrer-policy"),
    nosniff: page.headers.get("x-content-type-options"),
    cache: page.headers.get("cache-control"),
    requestId: Boolean(page.headers.get("x-request-id")),
  }).toEqual({ csp, referrer: "strict-origin-when-cross-origin", nosniff: "nosniff", cache: "no-store", requestId: true });
}

/** Typography made plain for comparing: no-break spaces as spaces, the typographic apostrophe as '. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2019/g, "'");

/** The text a person reads: tags dropped, entities decoded, typography plain, spaces collapsed. */
function visible(html: string): string {
  return plain(html)
    .replace(/<head>[\s\S]*<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ")
    .trim();
}

const validForm = (token: string, phone = "6 70 00 00 00") => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token });

describe("GET /pay/{id}", () => {
  it("shows the form in French by default: shop, amount, payable countries, operators, a client token", async () => {
    const { link } = await merchantWithLink({ amount: 5000, message: "Commande n°42 <b>merci</b>" });
    const page = await getLink(link.id);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectCheckoutHeaders(page);
    expect(page.text).toMatch(/^<!doctype html><html lang="fr">/);
    const text = visible(page.text);
    expect(text).toContain(`Montant à payer 5 000 FCFA`);
    expect(text).toContain("Commande n°42 <b>merci</b>"); // escaped, shown as typed
    expect(page.text).not.toContain("<b>merci</b>");
    expect(text).toContain(`Payer 5 000 FCFA`);
    expect([...page.text.matchAll(/<option value="([A-Z]{3})"/g)].map((m) => m[1])).toEqual(["CMR", "COG", "GAB"]);
    expect([...page.text.matchAll(/<option value="([A-Z_]+)"[^>]* data-c="([A-Z]{3})"/g)].map((m) => `${m[2]}:${m[1]}`)).toEqual([
      "CMR:MTN_MOMO_CMR",
      "CMR:ORANGE_MONEY_CMR",
      "COG:MTN_MOMO_COG",
      "COG:AIRTEL_MONEY_COG",
      "GAB:AIRTEL_MONEY_GAB",
    ]);
    expect(page.text).toContain('<optgroup label="Cameroun">');
    expect(page.text).toMatch(/<input type="tel" id="phone" name="phone" value="" required maxlength="32" inputmode="tel" autocomplete="tel" aria-describedby="phone-hint err-phone" data-hint="Exemple\u00a0: {ex}">/);
    expect(clientTokenOf(page.text)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(page.text).toContain(`action="/pay/${link.id}?lang=fr"`);
    expect(page.text).toContain(`data-api="/api/checkout/pay/${link.id}?lang=fr"`);
    expect(page.text).toContain(`<link rel="stylesheet" href="${assetUrl("checkout.css")}">`);
    expect(page.text).toContain(`<script src="${assetUrl("checkout.js")}" defer></script>`);
    expect(text).toContain("Mode test");
  });

  it("speaks English from Accept-Language or ?lang=en, and links to the other language", async () => {
    const { link } = await merchantWithLink({ amount: 5000 });
    const byHeader = await getLink(link.id, "", { "accept-language": "en-US,en;q=0.9,fr;q=0.5" });
    expect(byHeader.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(visible(byHeader.text)).toContain("Amount to pay FCFA 5,000");
    expect(byHeader.text).toContain(`<a class="lang" href="/pay/${link.id}?lang=fr" hreflang="fr" lang="fr">Français</a>`);

    const byChoice = await getLink(link.id, "?lang=en", { "accept-language": "fr" });
    expect(visible(byChoice.text)).toContain("Pay FCFA 5,000");
    const french = await getLink(link.id, "?lang=fr", { "accept-language": "en" });
    expect(french.text).toContain(`<a class="lang" href="/pay/${link.id}?lang=en" hreflang="en" lang="en">English</a>`);
  });

  it("writes each currency with its own decimals", async () => {
    const { link } = await merchantWithLink({ amount: 123456 }, "KEN");
    const page = await getLink(link.id, "?lang=en");
    expect(visible(page.text)).toContain("Amount to pay KES 1,234.56");
    expect([...page.text.matchAll(/<option value="([A-Z]{3})"/g)].map((m) => m[1])).toEqual(["KEN"]);
    expect(page.text).not.toContain("<optgroup"); // one country: its operators only
    expect(page.text).toContain('<option value="MPESA_KEN" selected data-c="KEN">M-Pesa</option>'); // the only one, chosen
  });

  it.each([
    ["a non-uuid id", "not-a-uuid", 404, "Lien de paiement introuvable"],
    ["an unknown id", "00000000-0000-4000-8000-000000000000", 404, "Lien de paiement introuvable"],
  ])("answers %s with the friendly 404 page", async (_name, id, code, title) => {
    const page = await getLink(id);
    expect(page.status).toBe(code);
    expectCheckoutHeaders(page);
    expect(visible(page.text)).toContain(title);
    expect(page.text).not.toContain("<form");
  });

  it("says an archived link is no longer available (410)", async () => {
    const { key, link } = await merchantWithLink();
    expect((await call(gatewayById.DELETE, "DELETE", `/v1/gateway/${link.id}`, { key })).status).toBe(200);
    const page = await getLink(link.id);
    expect(page.status).toBe(410);
    expect(visible(page.text)).toContain("Ce lien de paiement n'est plus disponible");
    expect(visible((await getLink(link.id, "?lang=en")).text)).toContain("This payment link is no longer available");
  });

  it("says a live link cannot be paid while no live provider is configured (503), without crashing", async () => {
    const { key } = await merchantWithLink();
    const auth = (await findAuthByKeyHash(hashApiKey(key)))!;
    const live = await createGateway({ ...auth, mode: "live" }, { amount: 5000, shop_name: "Live", message: "", order_id: "", success_url: "", failure_url: "" });
    const page = await getLink(live.id);
    expect(page.status).toBe(503);
    expect(visible(page.text)).toContain("Paiement indisponible");
    expect(visible(page.text)).not.toContain("Mode test");
  });
});

describe("paying a link without JavaScript", () => {
  it("POST → 303 to the waiting page, which reloads itself until the deposit is final", async () => {
    const { link } = await merchantWithLink({ amount: 5000 });
    const token = clientTokenOf((await getLink(link.id)).text);
    const posted = await postLink(link.id, validForm(token));
    expect(posted.status).toBe(303);
    expectCheckoutHeaders(posted);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/pay/${link.id}/TRK[A-Z2-7]{20}\\?lang=fr$`));
    const trackId = TRACK.exec(location)![0];

    const waiting = await getWait(link.id, trackId);
    expect(waiting.status).toBe(200);
    expectCheckoutHeaders(waiting);
    expect(waiting.text).toContain('<noscript><meta http-equiv="refresh" content="3"></noscript>');
    expect(waiting.text).toContain(`data-status="/api/checkout/status/${trackId}"`);
    const text = visible(waiting.text);
    expect(text).toContain("Validez le paiement sur votre téléphone");
    expect(text).toContain(`Une demande de 5 000 FCFA a été envoyée au +237 6 70 00 00 00 (MTN). Saisissez votre code secret MTN`);
    expect(text).toContain(`Référence ${trackId}`);

    const [deposit] = await depositsOf(link.id);
    expect(deposit).toMatchObject({ trackId, amount: 5000, phoneNumber: "237670000000", operator: "MTN_MOMO_CMR", status: "pending" });
  });

  it("a double tap or a retry with the same client token makes one deposit", async () => {
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await getLink(link.id)).text);
    const [a, b] = await Promise.all([postLink(link.id, validForm(token)), postLink(link.id, validForm(token))]);
    const c = await postLink(link.id, validForm(token));
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    expect(new Set([a, b, c].map((p) => p.headers.get("location"))).size).toBe(1);
    expect(await depositsOf(link.id)).toHaveLength(1);
  });

  it("keeps what was typed and says what to fix, in the buyer's words (422)", async () => {
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await getLink(link.id)).text);
    const page = await postLink(link.id, { country: "CMR", operator: "AIRTEL_MONEY_GAB", phone: "12 34", client_token: token });
    expect(page.status).toBe(422);
    expectCheckoutHeaders(page);
    expect(page.text).toContain('value="12 34"');
    expect(clientTokenOf(page.text)).toBe(token); // nothing was created: the same attempt goes on
    expect(plain(page.text)).toContain('<p class="err" id="err-operator">Cet opérateur n\'est pas proposé dans le pays choisi. Choisissez-en un autre.</p>');
    expect(plain(page.text)).toContain(
      '<p class="err" id="err-phone">Ce numéro ne semble pas valide pour le pays choisi (Cameroun). Exemple : 6 71 23 45 67.</p>',
    );
    expect(page.text).toContain('<p class="err" id="err-country" hidden></p>');
    expect(page.text).toContain('<p class="alert" id="err-form" role="alert">Certaines informations sont à corriger.</p>');
    expect(page.text).toMatch(/id="phone" name="phone" value="12 34" required[^>]* aria-invalid="true"/);
    expect(await depositsOf(link.id)).toHaveLength(0);

    const empty = await postLink(link.id, { client_token: token }, "?lang=en");
    expect(empty.status).toBe(422);
    for (const line of [
      '<p class="err" id="err-country">Choose your country.</p>',
      '<p class="err" id="err-operator">Choose your mobile money operator.</p>',
      '<p class="err" id="err-phone">Enter your mobile money number.</p>',
    ]) {
      expect(empty.text).toContain(line);
    }
  });

  it("a token used on another link gets a fresh one and a clear message", async () => {
    const { key, link } = await merchantWithLink();
    const other = await createLink(key);
    const token = clientTokenOf((await getLink(link.id)).text);
    expect((await postLink(link.id, validForm(token))).status).toBe(303);
    const page = await postLink(other.id, validForm(token));
    expect(page.status).toBe(422);
    expect(plain(page.text)).toContain('<p class="alert" id="err-form" role="alert">Le formulaire a expiré. Vérifiez vos informations et appuyez de nouveau sur Payer.</p>');
    expect(clientTokenOf(page.text)).not.toBe(token);
  });

  it("after success: 303 to success_url with the parameters appended, the link then shows its receipt to the payer", async () => {
    const { link } = await merchantWithLink({ order_id: "CMD-42", success_url: "https://shop.example/merci?x=1#top", failure_url: "https://shop.example/oups" });
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    await settle(trackId, "success");

    const done = await getWait(link.id, trackId);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(
      `https://shop.example/merci?x=1&order_id=CMD-42&gateway_id=${link.id}&track_id=${trackId}&status=success#top`,
    );

    // the browser that paid (it was shown its attempt's page, which left the attempt in a cookie)
    const cookie = done.headers.get("set-cookie")!.split(";")[0]!;
    const receipt = await getLink(link.id, "", { cookie });
    expect(receipt.status).toBe(200);
    expect(receipt.text).not.toContain("<form");
    const text = visible(receipt.text);
    expect(text).toContain(`Paiement reçu Merci ! Boutique Awa a bien reçu votre paiement de 5 000 FCFA.`);
    expect(text).toContain("Commande CMD-42");
    expect(text).toContain("Payé avec MTN · +237 ••• 00");
    expect(text).toContain(`Référence ${trackId}`);
    expect(text).not.toContain("670000000"); // the public page never shows the whole number

    // the form re-sent after the payment finished: a link, not a redirect (CSP form-action)
    const again = await postLink(link.id, validForm(token));
    expect(again.status).toBe(200);
    expect(again.text).toContain(`<meta http-equiv="refresh" content="0;url=https://shop.example/merci?x=1&amp;order_id=CMD-42`);

    // a new attempt on a paid link goes back to its page (the receipt for its payer, « déjà payé » for anyone else)
    const fresh = await postLink(link.id, validForm(newToken()));
    expect([fresh.status, fresh.headers.get("location")]).toEqual([303, `/pay/${link.id}?lang=fr`]);
  });

  it.each([
    ["failed", "insufficient_funds"],
    ["failed", "refused_by_payer"],
    ["expired", "no_answer_from_payer"],
  ] as const)("after %s (%s): 303 to failure_url with the status", async (outcome, reason) => {
    const { link } = await merchantWithLink({ failure_url: "https://shop.example/oups" });
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    await settle(trackId, outcome, reason);
    const done = await getWait(link.id, trackId);
    expect([done.status, done.headers.get("location")]).toEqual([
      303,
      `https://shop.example/oups?order_id=&gateway_id=${link.id}&track_id=${trackId}&status=${outcome}`,
    ]);
  });

  it.each([
    ["failed", "insufficient_funds", "Le solde de votre compte mobile money est insuffisant."],
    ["failed", "refused_by_payer", "Le paiement a été refusé sur le téléphone."],
    ["expired", "no_answer_from_payer", "La demande a expiré : elle n'a pas été validée à temps."],
  ] as const)("without failure_url, %s (%s) shows why and a try-again link", async (outcome, reason, why) => {
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    await settle(trackId, outcome, reason);
    const page = await getWait(link.id, trackId);
    expect(page.status).toBe(200);
    const text = visible(page.text);
    expect(text).toContain(`Le paiement n'a pas abouti ${why} Aucun montant n'a été débité.`);
    expect(page.text).toContain(`<a class="btn" href="/pay/${link.id}?lang=fr&amp;from=${trackId}">Réessayer</a>`);
    // "try again" keeps what the buyer typed (a plain link: with or without the script), with a new token
    const retry = await getLink(link.id, `?lang=fr&from=${trackId}`);
    expect(retry.status).toBe(200);
    expect(clientTokenOf(retry.text)).not.toBe(token);
    expect(retry.text).toContain('<option value="CMR" selected');
    expect(retry.text).toContain('<option value="MTN_MOMO_CMR" selected data-c="CMR">MTN</option>');
    expect(plain(retry.text)).toContain('id="phone" name="phone" value="6 70 00 00 00"');
  });

  it("'try again' from another link's attempt, a success or a made-up track_id starts from an empty form", async () => {
    const { key, link } = await merchantWithLink();
    const other = await createLink(key);
    const trackId = TRACK.exec((await postLink(other.id, validForm(clientTokenOf((await getLink(other.id)).text)))).headers.get("location")!)![0];
    await settle(trackId, "failed", "insufficient_funds");
    for (const from of [trackId, "TRKAAAAAAAAAAAAAAAAAAAA", "nope"]) {
      const page = await getLink(link.id, `?lang=fr&from=${from}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('id="phone" name="phone" value=""');
    }
  });

  it("the receipt shows what was bought, the merchant, the amount, the track_id and the buyer's local time, printable", async () => {
    const { link } = await merchantWithLink({ message: "2 sacs de riz, livraison samedi", order_id: "CMD-7" });
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
    expect(await settleDeposit(row!.id, { status: "success" })).toBe(true);
    await db.update(deposits).set({ completedAt: new Date("2026-11-22T10:15:00Z") }).where(eq(deposits.id, row!.id));
    const page = await getWait(link.id, trackId);
    // the public receipt code, big, and where the seller checks it
    const code = await receiptCodeOf(row!.id);
    expect(visible(page.text)).toContain(
      `Merci ! Boutique Awa a bien reçu votre paiement de 5 000 FCFA. Code du reçu ${code} Montrez ce code au vendeur : il peut vérifier votre paiement sur ${publicBaseUrl()}/r/${code} Montant`,
    );
    expect(page.text).toContain(`<p class="rc">${code}</p>`);
    expect(page.text).toContain(`<a href="${publicBaseUrl()}/r/${code}">`);
    expect(visible(page.text)).toContain(
      `Montant 5 000 FCFA Achat 2 sacs de riz, livraison samedi Bénéficiaire Boutique Awa Commande CMD-7 Payé avec MTN · +237 ••• 00 Date 22 nov. 2026, 11:15 UTC+1 Référence ${trackId}`,
    );
    // the print button appears with the script (which prints); the stylesheet has a print layout
    expect(page.text).toContain('<button type="button" class="btn alt noprint" id="print" hidden>Imprimer ou enregistrer en PDF</button>');
    expect(page.text).toContain(`<script src="${assetUrl("checkout.js")}" defer></script>`);
    const css = await hit(assets.GET, { file: assetUrl("checkout.css").split("/").pop()! }, assetUrl("checkout.css"));
    expect(css.text).toContain("@media print{");
  });

  // URLs stored before the API refused control characters and spaces, or with
  // non-ASCII: the redirect after payment never fails; an unusable URL shows the receipt instead.
  it.each([
    { what: "a CR/LF", url: "https://shop.example/ok\r\nSet-Cookie: a=b", location: null },
    { what: "a tab", url: "https://shop.example/o\tk", location: null },
    { what: "a space", url: "https://shop.example/mer ci", location: null },
    { what: "a control character (SOH)", url: "https://shop.example/o\u0001k", location: null },
    { what: "a path in Japanese", url: "https://shop.example/ありがとう", location: "https://shop.example/%E3%81%82%E3%82%8A%E3%81%8C%E3%81%A8%E3%81%86?" },
    { what: "an accented host", url: "https://boutique-été.example/merci", location: "https://xn--boutique-t-j7ab.example/merci?" },
  ])("a stored success_url with $what: the receipt or an ASCII redirect, never a 500", async ({ url, location }) => {
    const { link } = await merchantWithLink();
    const db = await getDb();
    await db.update(paymentGateways).set({ successUrl: url }).where(eq(paymentGateways.id, link.id));
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    await settle(trackId, "success");
    const page = await getWait(link.id, trackId);
    if (location === null) {
      expect(page.status).toBe(200);
      expect(visible(page.text)).toContain("Paiement reçu Merci ! Boutique Awa a bien reçu votre paiement de 5 000 FCFA.");
    } else {
      expect([page.status, page.headers.get("location")]).toEqual([
        303,
        `${location}order_id=&gateway_id=${link.id}&track_id=${trackId}&status=success`,
      ]);
    }
    // the form re-sent after the payment: the same choice, never a 500
    const again = await postLink(link.id, validForm(token));
    expect(again.status).toBe(location === null ? 303 : 200);
  });

  it("without success_url, success shows the receipt on the waiting page", async () => {
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    await settle(trackId, "success");
    const page = await getWait(link.id, trackId, "?lang=en");
    expect(page.status).toBe(200);
    expect(visible(page.text)).toContain(`Payment received Thank you! Boutique Awa has received your payment of FCFA 5,000.`);
  });

  it("a waiting page answers 404 for a track_id of another link, or a malformed one", async () => {
    const { key, link } = await merchantWithLink();
    const other = await createLink(key);
    const token = clientTokenOf((await getLink(link.id)).text);
    const trackId = TRACK.exec((await postLink(link.id, validForm(token))).headers.get("location")!)![0];
    expect((await getWait(other.id, trackId)).status).toBe(404);
    expect((await getWait(link.id, "TRK-nope")).status).toBe(404);
    expect((await hit(marketWait.GET, { id: link.id, track_id: trackId }, `/pay/m/${link.id}/${trackId}`)).status).toBe(404);
  });
});

describe("the page's script endpoints", () => {
  const postJson = (id: string, form: Record<string, string>, query = "?lang=fr") =>
    hit(submitLinkJson.POST, { id }, `/api/checkout/pay/${id}${query}`, { form });

  it("POST /api/checkout/pay/{id} answers the track_id and where to go; a retry answers the same", async () => {
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await getLink(link.id)).text);
    const res = await postJson(link.id, validForm(token));
    expect(res.status).toBe(200);
    expectCheckoutHeaders(res);
    const body = res.json() as { track_id: string };
    expect(body).toEqual({ track_id: expect.stringMatching(TRACK), status: "pending", next: `/pay/${link.id}/${body.track_id}?lang=fr` });
    expect((await postJson(link.id, validForm(token))).json()).toEqual(body);
    expect(await depositsOf(link.id)).toHaveLength(1);
  });

  it("takes a JSON body too", async () => {
    const { link } = await merchantWithLink();
    const res = await hit(submitLinkJson.POST, { id: link.id }, `/api/checkout/pay/${link.id}`, {
      json: { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "+237 690000000", client_token: newToken() },
    });
    expect(res.status).toBe(200);
  });

  it("422: the FastAPI items plus the words for each field", async () => {
    const { link } = await merchantWithLink();
    const res = await postJson(link.id, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "123", client_token: newToken() }, "?lang=en");
    expect(res.status).toBe(422);
    expect(JSON.parse(plain(res.text))).toEqual({
      detail: [{ loc: ["body", "phone"], msg: "Value error, not a valid phone number for this country", type: "value_error", ctx: { error: "not a valid phone number for this country" } }],
      message: "Some details need correcting.",
      errors: { phone: "This does not look like a valid number for the chosen country (Cameroon). Example: 6 71 23 45 67." },
    });
  });

  // a mobile-money wallet lives on a mobile line: a valid landline is refused
  it.each([
    { account: "CMR", country: "CMR", operator: "MTN_MOMO_CMR", phone: "222 23 45 03", name: "Cameroon", example: "6 71 23 45 67" },
    { account: "SEN", country: "SEN", operator: "ORANGE_MONEY_SEN", phone: "33 823 45 03", name: "Senegal", example: "70 123 45 67" },
    { account: "SEN", country: "CIV", operator: "ORANGE_MONEY_CIV", phone: "27 21 23 45 03", name: "Côte d'Ivoire", example: "01 23 45 6789" },
  ] as const)("422: the landline $phone of $country is not a wallet", async ({ account, country, operator, phone, name, example }) => {
    const { link } = await merchantWithLink({}, account);
    const res = await postJson(link.id, { country, operator, phone, client_token: newToken() }, "?lang=en");
    expect([res.status, JSON.parse(plain(res.text))]).toEqual([
      422,
      {
        detail: [{ loc: ["body", "phone"], msg: "Value error, not a valid phone number for this country", type: "value_error", ctx: { error: "not a valid phone number for this country" } }],
        message: "Some details need correcting.",
        errors: { phone: `This does not look like a valid number for the chosen country (${name}). Example: ${example}.` },
      },
    ]);
    expect(await depositsOf(link.id)).toEqual([]);
  });

  it("a paid link: 409 with the page to show", async () => {
    const { link } = await merchantWithLink();
    const first = (await postJson(link.id, validForm(newToken()))).json() as { track_id: string };
    await settle(first.track_id, "success");
    const res = await postJson(link.id, validForm(newToken()));
    expect([res.status, res.json()]).toEqual([
      409,
      { detail: { message: "This payment link has already been paid; its amount cannot change", type: "GATEWAY_ALREADY_PAID" }, next: `/pay/${link.id}?lang=fr` },
    ]);
  });

  it("an unknown link: 404 GATEWAY_NOT_FOUND", async () => {
    const res = await postJson("00000000-0000-4000-8000-000000000000", validForm(newToken()));
    expect([res.status, res.json()]).toEqual([404, { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } }]);
  });

  it("GET /api/checkout/status/{track_id} follows the deposit", async () => {
    const { link } = await merchantWithLink();
    const { track_id } = (await postJson(link.id, validForm(newToken()))).json() as { track_id: string };
    const read = () => hit(status.GET, { track_id }, `/api/checkout/status/${track_id}`);
    const pending = await read();
    expectCheckoutHeaders(pending);
    expect(pending.json()).toEqual({ track_id, status: "pending" });
    await settle(track_id, "failed", "refused_by_payer");
    expect((await read()).json()).toEqual({ track_id, status: "failed" });
    const unknown = await hit(status.GET, { track_id: "TRKAAAAAAAAAAAAAAAAAAAA" }, "/api/checkout/status/TRKAAAAAAAAAAAAAAAAAAAA");
    expect([unknown.status, unknown.json()]).toEqual([404, { detail: { message: "Deposit transaction not found", type: "DEPOSIT_NOT_FOUND" } }]);
  });
});

describe("marketplace links", () => {
  const getMarket = (id: string, query = "") => hit(marketPage.GET, { id }, `/pay/m/${id}${query}`);
  const postMarket = (id: string, form: URLSearchParams | Record<string, string>) =>
    hit(marketPage.POST, { id }, `/pay/m/${id}?lang=fr`, { form });

  // the e2e buyer's answers, the optional ones left empty and a decimal shoe size
  const ANSWERS = { ...EVERY_ANSWER_BY_NAME, e_mail_du_destinataire: "", telephone_du_destinataire: "", pointure: "39,5" };
  const answers = (token: string, overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      ...BUYER,
      ...answerFields(ANSWERS),
      country: "CMR",
      operator: "ORANGE_MONEY_CMR",
      phone: "690000000",
      client_token: token,
      ...overrides,
    });

  it("wears the marketplace's colour, logo and favicon; asks name, email and every form block", async () => {
    const { link } = await merchantWithMarketplace();
    const page = await getMarket(link.id);
    expect(page.status).toBe(200);
    expectCheckoutHeaders(page, CSP.replace("img-src 'self'", "img-src 'self' https://cdn.example.com"));
    expect(page.text).toContain('<link rel="stylesheet" href="/pay/assets/theme.7c3aed.css">');
    expect(page.text).toContain('<meta name="theme-color" content="#7c3aed">');
    expect(page.text).toContain('<img class="logo" src="https://cdn.example.com/awa/logo.png" alt="" height="40"><span class="name">Marché Awa</span>');
    expect(page.text).toContain('<link rel="icon" href="https://cdn.example.com/awa/favicon.ico">');
    const text = visible(page.text);
    expect(text).toContain(`Vendu par Atelier Fatou Montant à payer 10 500 FCFA Prix 10 000 FCFA · Frais de service 500 FCFA Sandales en cuir`);
    for (const control of [
      '<input type="text" id="full_name" name="full_name" value="" required minlength="2" maxlength="100" autocomplete="name"',
      '<input type="email" id="email" name="email" value="" required maxlength="254" autocomplete="email"',
      '<input type="text" id="a-taille_eu" name="answers[taille_eu]" required',
      '<textarea rows="3" id="a-adresse_de_livraison" name="answers[adresse_de_livraison]" aria-describedby="a-adresse_de_livraison-hint err-answers.adresse_de_livraison" maxlength="2000"></textarea>',
      '<input type="email" id="a-e_mail_du_destinataire" name="answers[e_mail_du_destinataire]"',
      '<input type="tel" id="a-telephone_du_destinataire" name="answers[telephone_du_destinataire]"',
      '<input type="text" id="a-pointure" name="answers[pointure]" required aria-describedby="err-answers.pointure" value="" inputmode="decimal" pattern="-?[0-9]+([.,][0-9]+)?"',
      '<input type="date" id="a-date_de_livraison" name="answers[date_de_livraison]"',
      '<select id="a-couleur" name="answers[couleur]" required aria-describedby="err-answers.couleur"><option value="">Choisir…</option><option value="Rouge">Rouge</option><option value="Bleu">Bleu</option></select>',
      '<input type="checkbox" value="on" id="a-j_accepte_les_conditions_de_vente" name="answers[j_accepte_les_conditions_de_vente]" required',
    ]) {
      expect(page.text).toContain(control);
    }
    expect(page.text).toContain('<label for="a-taille_eu">Taille (EU) <span class="req" aria-hidden="true">*</span><span class="sr"> (obligatoire)</span></label>');
    expect(page.text).toContain('<label for="a-date_de_livraison">Date de livraison</label>');
    expect(page.text).toContain('<p class="hint" id="a-adresse_de_livraison-hint">Quartier, rue, repère</p>');
  });

  it("says beside each field what is wrong, keeping every answer (422)", async () => {
    const { link } = await merchantWithMarketplace();
    const token = clientTokenOf((await getMarket(link.id)).text);
    const page = await postMarket(
      link.id,
      answers(token, {
        full_name: "",
        email: "awa@",
        "answers[taille_eu]": "",
        "answers[e_mail_du_destinataire]": "nope",
        "answers[telephone_du_destinataire]": "12",
        "answers[pointure]": "trente",
        "answers[date_de_livraison]": "24/12/2026",
        "answers[couleur]": "Vert",
        "answers[j_accepte_les_conditions_de_vente]": "",
      }),
    );
    expect(page.status).toBe(422);
    const errors = Object.fromEntries([...plain(page.text).matchAll(/<p class="err" id="err-([^"]+)">([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]));
    expect(errors).toEqual({
      full_name: "Saisissez votre nom complet.",
      email: "Cette adresse e-mail ne semble pas valide (exemple : nom@exemple.com).",
      "answers.taille_eu": "Ce champ est obligatoire.",
      "answers.e_mail_du_destinataire": "Cette adresse e-mail ne semble pas valide (exemple : nom@exemple.com).",
      "answers.telephone_du_destinataire": "Ce numéro de téléphone ne semble pas valide.",
      "answers.pointure": "Saisissez un nombre, par exemple 12 ou 3,5.",
      "answers.date_de_livraison": "Saisissez une date valide.",
      "answers.couleur": "Choisissez une des options proposées.",
      "answers.j_accepte_les_conditions_de_vente": "Cochez cette case pour continuer.",
    });
    expect(page.text).toContain('value="trente"');
    expect(page.text).toContain(">Bonamoussadi, près de la pharmacie</textarea>");
    expect(page.text).toContain('value="awa@"');
  });

  it("a complete form pays: 303, one transaction with the answers, and the receipt once paid", async () => {
    const { key, link } = await merchantWithMarketplace();
    const token = clientTokenOf((await getMarket(link.id)).text);
    const posted = await postMarket(link.id, answers(token));
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/pay/m/${link.id}/TRK[A-Z2-7]{20}\\?lang=fr$`));
    const trackId = TRACK.exec(location)![0];
    expect((await postMarket(link.id, answers(token))).headers.get("location")).toBe(location); // a retry

    const list = await call(transactions.GET, "GET", `/v1/api/marketplace/gateway/${link.id}/transactions`, { key });
    expect(list.body).toEqual([
      expect.objectContaining({
        status: "pending",
        buyer_price: 10500,
        product_price: 10000,
        buyer: expect.objectContaining({ full_name: "Awa Ndiaye", email: "awa@example.com", phone_number: "237690000000" }),
        additional_info: answerList(ANSWERS),
      }),
    ]);

    await settle(trackId, "success");
    const receipt = await hit(marketWait.GET, { id: link.id, track_id: trackId }, `/pay/m/${link.id}/${trackId}?lang=fr`);
    expect(receipt.status).toBe(200);
    const text = visible(receipt.text);
    expect(text).toContain(`Paiement reçu Merci ! Atelier Fatou a bien reçu votre paiement de 10 500 FCFA.`);
    expect(text).toContain("Achat Sandales en cuir Vendeur Atelier Fatou Boutique Marché Awa Acheteur Awa Ndiaye Payé avec Orange · +237 ••• 00 Date");
    // the answers the buyer gave, in words; empty ones left out
    expect(text).toContain(
      "Vos réponses Taille (EU) M Adresse de livraison Bonamoussadi, près de la pharmacie Pointure 39,5 Date de livraison 24 décembre 2026 Couleur Bleu J'accepte les conditions de vente Oui",
    );
    // a marketplace link sells again
    expect((await getMarket(link.id)).text).toContain("<form");
  });

  it("'try again' after a failed attempt keeps the buyer's name, e-mail, answers, operator and phone", async () => {
    const { link } = await merchantWithMarketplace();
    const token = clientTokenOf((await getMarket(link.id)).text);
    const trackId = TRACK.exec((await postMarket(link.id, answers(token))).headers.get("location")!)![0];
    await settle(trackId, "failed", "refused_by_payer");
    const failed = await hit(marketWait.GET, { id: link.id, track_id: trackId }, `/pay/m/${link.id}/${trackId}?lang=fr`);
    expect(failed.text).toContain(`<a class="btn" href="/pay/m/${link.id}?lang=fr&amp;from=${trackId}">Réessayer</a>`);
    const page = await getMarket(link.id, `?lang=fr&from=${trackId}`);
    expect(clientTokenOf(page.text)).not.toBe(token);
    for (const control of [
      'id="full_name" name="full_name" value="Awa Ndiaye"',
      'id="email" name="email" value="awa@example.com"',
      'id="a-taille_eu" name="answers[taille_eu]" required aria-describedby="err-answers.taille_eu" value="M"',
      ">Bonamoussadi, près de la pharmacie</textarea>",
      'id="a-pointure" name="answers[pointure]" required aria-describedby="err-answers.pointure" value="39,5"',
      'id="a-date_de_livraison" name="answers[date_de_livraison]" aria-describedby="err-answers.date_de_livraison" value="2026-12-24"',
      '<option value="Bleu" selected>Bleu</option>',
      'name="answers[j_accepte_les_conditions_de_vente]" required aria-describedby="err-answers.j_accepte_les_conditions_de_vente" checked',
      '<option value="ORANGE_MONEY_CMR" selected data-c="CMR">Orange</option>',
      'id="phone" name="phone" value="6 90 00 00 00"',
    ]) {
      expect(plain(page.text)).toContain(control);
    }
  });

  it("the JSON endpoint words answers' problems too", async () => {
    const { link } = await merchantWithMarketplace();
    const res = await hit(submitMarketJson.POST, { id: link.id }, `/api/checkout/pay/m/${link.id}?lang=en`, {
      form: answers(newToken(), { "answers[couleur]": "", "answers[j_accepte_les_conditions_de_vente]": "" }),
    });
    expect(res.status).toBe(422);
    expect((res.json() as { errors: unknown }).errors).toEqual({
      "answers.couleur": "This field is required.",
      "answers.j_accepte_les_conditions_de_vente": "Tick this box to continue.",
    });
  });

  it("an inactive marketplace: a clear page, and a form post goes back to it", async () => {
    const { key, link } = await merchantWithMarketplace();
    const token = clientTokenOf((await getMarket(link.id)).text);
    await setMarketplaceActive(key, false);
    const page = await getMarket(link.id);
    expect(page.status).toBe(409);
    expect(visible(page.text)).toContain("Cette boutique n'accepte pas de paiements pour le moment");
    const posted = await postMarket(link.id, answers(token));
    expect([posted.status, posted.headers.get("location")]).toEqual([303, `/pay/m/${link.id}?lang=fr`]);
  });

  it("a light colour gets dark button text; without a logo the name's initial stands in", async () => {
    const { link } = await merchantWithMarketplace({ color: "#fde047", logo: "", favicon: "" });
    const page = await getMarket(link.id);
    expectCheckoutHeaders(page);
    expect(page.text).toContain('<span class="mark" aria-hidden="true">M</span>');
    const css = await hit(assets.GET, { file: "theme.fde047.css" }, "/pay/assets/theme.fde047.css");
    expect(css.text).toBe(":root{--brand:#fde047;--on-brand:#000000;--ink:#7f7024;--soft:#fffced}\n");
  });

  it("a payment link id is not a marketplace link", async () => {
    const { link } = await merchantWithLink();
    expect((await getMarket(link.id)).status).toBe(404);
  });
});

describe("GET /pay/assets/{file}", () => {
  it.each(["checkout.css", "checkout.js", "icon.svg"] as const)("serves %s under its hashed name, cached for good", async (name) => {
    const url = assetUrl(name);
    const file = url.split("/").pop()!;
    const res = await hit(assets.GET, { file }, url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.text.length).toBeGreaterThan(100);
    const stale = await hit(assets.GET, { file: file.replace(/\.[0-9a-f]{10}\./, ".0000000000.") }, url);
    expect([stale.status, stale.headers.get("cache-control"), stale.text]).toEqual([200, "no-cache", res.text]);
  });

  it("answers 404 for anything else", async () => {
    for (const file of ["secret.txt", "checkout.css", "../package.json", "theme.zzzzzz.css"]) {
      expect((await hit(assets.GET, { file }, `/pay/assets/${file}`)).status).toBe(404);
    }
  });
});
