import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as me from "@/app/v1/me/route";
import { addMember, sessionHeaders } from "@/lib/accounts/test-support";
import { findMarketplaceLink, findPaymentLink } from "@/lib/checkout/queries";
import { merchantWithMarketplace, createLink } from "@/lib/checkout/test-support";
import { getDb } from "@/lib/db/client";
import { deposits, notifications, outboxEvents } from "@/lib/db/schema";
import { clearDevMailbox } from "@/lib/mail/send-mail";
import { mailsTo } from "@/lib/test/mail";
import { recordProviderLog } from "@/lib/payments/providers/provider-log";
import { setSandboxTransport } from "@/lib/payments/providers/sandbox";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { call, newAccount } from "@/lib/test/api";
import { startSmtpSink, type SmtpSink } from "@/lib/test/smtp-sink";
import { drainNotifications } from "./worker";

// Notification mails (issue 22) on the real database: what each member and the buyer get, in their
// language, and that each mail leaves once — drained again, by 20 workers at once, through a real
// SMTP server that refuses, drops or is not there.

const token = () => randomUUID().replaceAll("-", "");
// a hang guard, not a speed target: a file's first test also loads the modules (40 s seen under a full run)
const SLOW = { timeout: 90_000 };

beforeEach(() => {
  clearDevMailbox();
  setSandboxTransport(async () => {});
});
afterEach(() => setSandboxTransport(undefined));

/** A marketplace sale paid by a buyer on the English page; the merchant's owner, an English admin, and a viewer who switched payment mails off. */
async function sale() {
  const merchant = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
  const admin = await addMember(merchant.accountId, "admin", "en");
  const viewer = await addMember(merchant.accountId, "viewer");
  await call(me.PATCH, "PATCH", "/v1/me", { headers: await sessionHeaders(merchant.accountId, viewer.userId), json: { notifications: { payments: false } } });
  const { gateway } = (await findMarketplaceLink(merchant.link.id))!;
  const buyer = `buyer-${randomUUID()}@example.com`;
  const deposit = await startPayment(
    { kind: "market", gateway },
    { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000042", client_token: token(), full_name: "Awa Diop", email: buyer, answers: {}, lang: "en" },
  );
  await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-1" });
  return { merchant, admin, viewer, buyer, deposit };
}

describe("what is mailed", () => {
  it("a sale: the owner in French, the admin in English, the viewer who switched it off nothing, the buyer a receipt in the page's language", SLOW, async () => {
    const { merchant, admin, viewer, buyer, deposit } = await sale();
    expect(await drainNotifications()).toMatchObject({ mails: 3 });
    const [owner] = mailsTo(merchant.email);
    expect(owner!.subject).toBe("[Test] Paiement reçu : 10\u202f500\u00a0FCFA — Atelier Fatou");
    // the whole mail; its date, in Douala's time, checked apart
    expect(owner!.text.replace(/^Date : .*$/m, "Date : <date>")).toBe(
      [
        "Bonjour,",
        "",
        "Un paiement de 10\u202f500\u00a0FCFA vient d’aboutir sur « Atelier Fatou ».",
        "Mode test : aucun argent n’a bougé.",
        "",
        "Montant : 10\u202f500\u00a0FCFA",
        "Moyen de paiement : MTN (Cameroun), +237\u00a0•••\u00a042",
        `Référence : ${deposit.trackId}`,
        `Acheteur : Awa Diop <${buyer}>`,
        "Date : <date>",
        "",
        `Voir le paiement : http://kola.test/dashboard/payments/${deposit.trackId}`,
        "",
        "— Kola",
        "Vous recevez cet e-mail car les notifications « paiements » sont activées pour Test shop. Pour les changer : http://kola.test/dashboard/settings",
        "",
      ].join("\n"),
    );
    expect(owner!.text.split("\n").filter((l) => l.startsWith("Date : "))).toEqual([expect.stringMatching(/^Date : .+ \d\d:\d\d UTC\+1$/)]);
    const [english] = mailsTo(admin.email);
    expect(english!.subject).toBe("[Test] Payment received: FCFA\u00a010,500 — Atelier Fatou");
    expect(english!.text).toContain("Paid with: MTN (Cameroon), +237\u00a0•••\u00a042");
    expect(mailsTo(viewer.email)).toEqual([]);
    const [receipt] = mailsTo(buyer);
    expect(receipt!.subject).toBe("[Test] Your receipt: FCFA\u00a010,500 — Marché Awa");
    expect(receipt!.text).toContain("Thank you Awa Diop, your payment of FCFA\u00a010,500 to Marché Awa is confirmed.");
    expect(receipt!.text).toContain(`Your receipt online: http://kola.test/pay/m/${merchant.link.id}/${deposit.trackId}?lang=en`);
  });

  it("a payment link paid: the members only (no e-mail was asked of the buyer); a failed attempt: nothing", SLOW, async () => {
    const merchant = await newAccount("CMR");
    const link = await createLink(merchant.key, { order_id: "CMD-42" });
    const gateway = (await findPaymentLink(link.id))!;
    const failed = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000001", client_token: token() });
    await settleDeposit(failed.id, { status: "failed", reason: "insufficient_funds" });
    const paid = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000020", client_token: token() });
    await settleDeposit(paid.id, { status: "success", providerReference: "SBX-2" });
    expect(await drainNotifications()).toEqual({ sources: 2, mails: 1 });
    expect(mailsTo(merchant.email).map((m) => m.subject)).toEqual(["[Test] Paiement reçu : 5\u202f000\u00a0FCFA — Boutique Awa"]);
    expect(mailsTo(merchant.email)[0]!.text).toContain("Commande : CMD-42");
  });

  it("a live-mode provider alert mails the members who want them; a test-mode one does not", SLOW, async () => {
    const merchant = await newAccount("CMR");
    const link = await createLink(merchant.key);
    const gateway = (await findPaymentLink(link.id))!;
    const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000020", client_token: token() });
    const db = await getDb();
    await db.update(deposits).set({ mode: "live" }).where(eq(deposits.id, deposit.id));
    const live = { ...deposit, mode: "live" as const };
    await recordProviderLog({ provider: "pawapay", deposit: live, kind: "callback", operation: "POST /api/providers/pawapay/callback", outcome: "mismatch", alert: true });
    await recordProviderLog({ provider: "pawapay", deposit, kind: "callback", operation: "POST /api/providers/pawapay/callback", outcome: "mismatch", alert: true });
    await drainNotifications();
    const mails = mailsTo(merchant.email);
    expect(mails.map((m) => m.subject)).toEqual(["Alerte fournisseur (pawapay) : à vérifier"]);
    expect(mails[0]!.text).toContain(`Référence : ${deposit.trackId}`);
  });
});

describe("sent once", () => {
  it("drained again, and by 20 workers at once: each mail leaves once", SLOW, async () => {
    const { merchant, admin, buyer } = await sale();
    await Promise.all(Array.from({ length: 20 }, () => drainNotifications()));
    await drainNotifications();
    expect([mailsTo(merchant.email).length, mailsTo(admin.email).length, mailsTo(buyer).length]).toEqual([1, 1, 1]);
    const db = await getDb();
    const events = await db.select({ notifiedAt: outboxEvents.notifiedAt }).from(outboxEvents).where(eq(outboxEvents.accountId, merchant.accountId));
    expect(events.every((e) => e.notifiedAt)).toBe(true);
  });
});

describe("through a real SMTP server", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await sink.close();
  });
  beforeEach(() => {
    process.env.SMTP_URL = sink.url;
    sink.received.length = 0;
  });

  async function statusesOf(accountId: string) {
    const db = await getDb();
    const rows = await db.select().from(notifications).where(eq(notifications.accountId, accountId));
    return rows.map((r) => `${r.kind}:${r.status}:${r.attempts}`).sort();
  }

  it("delivers each mail once, with its subject and words intact", SLOW, async () => {
    const { merchant, buyer } = await sale();
    await drainNotifications();
    await drainNotifications();
    expect(sink.received.map((m) => m.to).sort()).toEqual([merchant.email, buyer, expect.stringMatching(/^admin-/)].sort());
    expect(sink.received.find((m) => m.to === merchant.email)!.subject).toBe("[Test] Paiement reçu : 10\u202f500\u00a0FCFA — Atelier Fatou");
    expect(await statusesOf(merchant.accountId)).toEqual(["buyer_receipt:sent:1", "payment_succeeded:sent:1", "payment_succeeded:sent:1"]);
  });

  it("a 4xx before the message: tried again later, delivered once; a 5xx: failed for good", SLOW, async () => {
    const { merchant } = await sale();
    sink.queue.push({ rcpt: 451 }, { rcpt: 550 }, { rcpt: 451 });
    await drainNotifications();
    expect(sink.received.length).toBe(0);
    expect(await statusesOf(merchant.accountId)).toEqual(["buyer_receipt:pending:1", "payment_succeeded:failed:1", "payment_succeeded:pending:1"]);
    const db = await getDb();
    await db.update(notifications).set({ nextAttemptAt: new Date() }).where(eq(notifications.accountId, merchant.accountId));
    await drainNotifications();
    expect(sink.received.length).toBe(2);
    expect(await statusesOf(merchant.accountId)).toEqual(["buyer_receipt:sent:2", "payment_succeeded:failed:1", "payment_succeeded:sent:2"]);
  });

  it("the connection dropped once the message arrived: unknown, never sent again", SLOW, async () => {
    const { merchant } = await sale();
    sink.queue.push({ dropAfterData: true });
    await drainNotifications();
    const db = await getDb();
    await db.update(notifications).set({ nextAttemptAt: new Date() }).where(eq(notifications.accountId, merchant.accountId));
    await drainNotifications();
    expect(sink.received.length).toBe(3);
    expect((await statusesOf(merchant.accountId)).filter((s) => s.includes(":unknown:"))).toEqual([expect.stringMatching(/:unknown:1$/)]);
  });

  it("no SMTP server at all: the payment is settled as ever, its mails wait to be tried again", SLOW, async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    const { merchant, deposit } = await sale();
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.status).toBe("success");
    await drainNotifications();
    expect(await statusesOf(merchant.accountId)).toEqual(["buyer_receipt:pending:1", "payment_succeeded:pending:1", "payment_succeeded:pending:1"]);
  });
});
