import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as linkWait from "@/app/pay/[id]/[track_id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as receiptCheck from "@/app/r/[code]/route";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { clientTokenOf, createLink, hit, merchantWithLink } from "@/test/support/checkout";
import { receiptCodeOf } from "@/test/support/receipts";

// A paid single-use link: whoever holds its address is not shown a "paid" screen
// to wave at the stall; the browser that paid finds its receipt at the link's address again, and
// the attempt's own page, the receipt code's page and the receipt messages keep working for it.

const TRACK = /TRK[A-Z2-7]{20}/;
beforeAll(() => setSandboxTransport(async () => {})); // the tests settle deposits themselves

const getLink = (id: string, query = "?lang=fr", headers: Record<string, string> = {}) => hit(linkPage.GET, { id }, `/pay/${id}${query}`, { headers });
const getWait = (id: string, trackId: string, query = "?lang=fr") => hit(linkWait.GET, { id, track_id: trackId }, `/pay/${id}/${trackId}${query}`);
const form = (token: string, phone: string) => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token });

/** The text a person reads: tags dropped, typography plain, spaces collapsed. */
const visible = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\u2019/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** A buyer submits the link's form with `phone`; the attempt ends as `status`. */
async function attempt(linkId: string, phone: string, status: "success" | "failed") {
  const token = clientTokenOf((await getLink(linkId)).text);
  const posted = await hit(linkPage.POST, { id: linkId }, `/pay/${linkId}?lang=fr`, { form: form(token, phone) });
  const trackId = TRACK.exec(posted.headers.get("location") ?? "")![0];
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  expect(await settleDeposit(row!.id, { status, reason: status === "failed" ? "insufficient_funds" : undefined })).toBe(true);
  return { trackId, depositId: row!.id };
}

/** The cookie a browser shown `/pay/{id}/{track_id}` keeps, as it sends it back. */
async function payersCookie(linkId: string, trackId: string): Promise<string> {
  const page = await getWait(linkId, trackId);
  return page.headers.get("set-cookie")!.split(";")[0]!;
}

describe("a paid single-use link", () => {
  it("shows strangers « Ce lien a déjà été payé »: no amount, purchase, reference, receipt code or form (French and English)", async () => {
    const { link } = await merchantWithLink({ amount: 5000, message: "2 sacs de riz", order_id: "CMD-9" });
    const { trackId, depositId } = await attempt(link.id, "6 70 00 00 00", "success");
    const code = await receiptCodeOf(depositId);

    const fr = await getLink(link.id);
    expect(fr.status).toBe(200);
    expect(fr.headers.get("set-cookie")).toBeNull();
    expect(fr.headers.get("cache-control")).toBe("no-store");
    const text = visible(fr.text);
    expect(text).toContain(
      "Ce lien a déjà été payé Il ne prend plus de paiement. Si vous l'avez payé, votre reçu est sur la page affichée après votre paiement et dans le message de reçu (SMS ou e-mail). Sinon, demandez un nouveau lien au marchand.",
    );
    for (const secret of ["5 000", "2 sacs de riz", "CMD-9", trackId, code, "Paiement reçu", "Merci"]) expect(text).not.toContain(secret);
    expect(fr.text).not.toContain("<form");

    const en = await getLink(link.id, "?lang=en");
    expect(visible(en.text)).toContain(
      "This link has already been paid It takes no more payments. If you paid it, your receipt is on the page shown after your payment and in the receipt message (SMS or e-mail). Otherwise, ask the merchant for a new link.",
    );
    for (const secret of ["5,000", "2 sacs de riz", trackId, code, "Payment received"]) expect(visible(en.text)).not.toContain(secret);
  });

  it("shows the payer their receipt: on their attempt's page, at the link's address in the browser that paid, and at /r/{code}", async () => {
    const { link } = await merchantWithLink({ amount: 5000, message: "2 sacs de riz" });
    const { trackId, depositId } = await attempt(link.id, "6 70 00 00 00", "success");

    // the attempt's own address (the page the checkout shows after paying; the marketplace receipt mail links to it)
    const own = await getWait(link.id, trackId);
    expect(own.status).toBe(200);
    expect(visible(own.text)).toContain("Paiement reçu Merci ! Boutique Awa a bien reçu votre paiement de 5 000 FCFA.");
    expect(own.headers.get("set-cookie")).toBe(`kola_attempt=${trackId}; Path=/pay/${link.id}; Max-Age=7776000; HttpOnly; SameSite=Lax`);

    // the same browser reopens the link's address (the one it was sent)
    const again = await getLink(link.id, "?lang=fr", { cookie: await payersCookie(link.id, trackId) });
    expect(again.status).toBe(200);
    const text = visible(again.text);
    expect(text).toContain("Paiement reçu Merci ! Boutique Awa a bien reçu votre paiement de 5 000 FCFA.");
    expect(text).toContain(`Référence ${trackId}`);
    expect(text).toContain("Achat 2 sacs de riz");

    // the receipt code (SMS receipt) proves it to anyone, without the phone
    const code = await receiptCodeOf(depositId);
    const check = await hit(receiptCheck.GET, { code }, `/r/${code}?lang=fr`);
    expect(check.status).toBe(200);
    expect(visible(check.text)).toContain("5 000 FCFA");
    expect(check.text).not.toContain("670000000");
  });

  it.each([
    { who: "a buyer whose own attempt on it failed", cookieOf: "failed attempt" },
    { who: "the payer of another link", cookieOf: "other link" },
    { who: "a made-up attempt", cookieOf: "made up" },
  ] as const)("is « déjà payé » for $who", async ({ cookieOf }) => {
    const { key, link } = await merchantWithLink();
    let cookie = "kola_attempt=TRKAAAAAAAAAAAAAAAAAAAA";
    if (cookieOf === "failed attempt") {
      const failed = await attempt(link.id, "6 70 00 00 01", "failed");
      cookie = await payersCookie(link.id, failed.trackId);
    }
    await attempt(link.id, "6 70 00 00 00", "success");
    if (cookieOf === "other link") {
      const other = await createLink(key);
      cookie = await payersCookie(other.id, (await attempt(other.id, "6 70 00 00 00", "success")).trackId);
    }
    const page = await getLink(link.id, "?lang=fr", { cookie });
    expect([page.status, visible(page.text).includes("Ce lien a déjà été payé"), page.text.includes("Paiement reçu")]).toEqual([200, true, false]);
  });

  it("an open link shows its form whatever cookie the browser holds", async () => {
    const { link } = await merchantWithLink();
    const failed = await attempt(link.id, "6 70 00 00 01", "failed");
    const page = await getLink(link.id, "?lang=fr", { cookie: await payersCookie(link.id, failed.trackId) });
    expect([page.status, page.text.includes("<form")]).toEqual([200, true]);
  });
});
