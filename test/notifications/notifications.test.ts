import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as me from "@/app/v1/me/route";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { findMarketplaceLink, findPaymentLink } from "@/lib/checkout/queries";
import { merchantWithMarketplace, createLink } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { accounts, deposits, marketplaceGateways, marketplaces, marketplaceTransactions, notifications, outboxEvents } from "@/lib/db/schema";
import { clearDevMailbox } from "@/lib/mail/send-mail";
import { captureLog } from "@/lib/runtime/log";
import { mailsTo } from "@/test/support/mail";
import { recordProviderLog } from "@/lib/providers/provider-log";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { call, newAccount } from "@/test/support/api";
import { startSmtpSink, type SmtpSink } from "@/test/support/smtp-sink";
import { drainNotifications } from "@/lib/notifications/rounds";
import { formatReceiptCode } from "@/lib/core/receipt-code";

// Notification mails on the real database: what each member and the buyer get, in their
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

/** A member who switched payment mails off. */
async function quietMember(accountId: string, role: "viewer" | "developer") {
  const member = await addMember(accountId, role);
  await call(me.PATCH, "PATCH", "/v1/me", { headers: await sessionHeaders(accountId, member.userId), json: { notifications: { payments: false } } });
  return member;
}

/**
 * A marketplace sale paid by a buyer on the English page; the merchant's owner, an English admin, and
 * a viewer who switched payment mails off. In test mode the buyer is one of the account's own people
 * (a developer trying the checkout, payment mails off: only their receipt comes to them), or a stranger.
 */
async function sale(buyerIs: "member" | "stranger" = "member") {
  const merchant = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
  const admin = await addMember(merchant.accountId, "admin", "en");
  const viewer = await quietMember(merchant.accountId, "viewer");
  const { gateway } = (await findMarketplaceLink(merchant.link.id))!;
  const buyer = buyerIs === "member" ? (await quietMember(merchant.accountId, "developer")).email : `buyer-${randomUUID()}@example.com`;
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
        "Vous recevez cet e-mail car les notifications « paiements » sont activées pour « Test shop ».",
        "Pour les changer : http://kola.test/dashboard/settings",
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
    expect(receipt!.text).toContain("Thank you Awa Diop, your payment of FCFA\u00a010,500 to “Marché Awa” is confirmed.");
    expect(receipt!.text).toContain(`Your receipt online: http://kola.test/pay/m/${merchant.link.id}/${deposit.trackId}?lang=en`);
  });

  it("a payment link paid: the members only (no e-mail was asked of the buyer), never a cashier (the counter is all it sees); a failed attempt: nothing", SLOW, async () => {
    const merchant = await newAccount("CMR");
    const cashier = await addMember(merchant.accountId, "cashier"); // its switches left on, as a direct insert leaves them
    const link = await createLink(merchant.key, { order_id: "CMD-42" });
    const gateway = (await findPaymentLink(link.id))!;
    const failed = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000001", client_token: token() });
    await settleDeposit(failed.id, { status: "failed", reason: "insufficient_funds" });
    const paid = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000020", client_token: token() });
    await settleDeposit(paid.id, { status: "success", providerReference: "SBX-2" });
    expect(await drainNotifications()).toEqual({ sources: 2, mails: 1 });
    expect(mailsTo(merchant.email).map((m) => m.subject)).toEqual(["[Test] Paiement reçu : 5\u202f000\u00a0FCFA — Boutique Awa"]);
    expect(mailsTo(merchant.email)[0]!.text).toContain("Commande : CMD-42");
    expect(mailsTo(cashier.email)).toEqual([]);
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

/** A settled deposit's receipt code, as mails write it. */
async function receiptCodeOf(depositId: string): Promise<string> {
  const [row] = await (await getDb()).select({ code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, depositId));
  return formatReceiptCode(row!.code!);
}

/** The receipt as the buyer of sale() reads it (English page, Douala's time left out). */
const receiptText = (prefix: string, linkId: string, trackId: string, code: string) =>
  [
    "Hello,",
    "",
    "Thank you Awa Diop, your payment of FCFA\u00a010,500 to “Marché Awa” is confirmed.",
    ...(prefix ? ["Test mode: no money moved."] : []),
    "",
    "Amount: FCFA\u00a010,500",
    "Seller: Atelier Fatou",
    "Paid with: MTN (Cameroon), +237\u00a0•••\u00a042",
    `Reference: ${trackId}`,
    `Receipt code: ${code}`,
    "Date: <date>",
    "",
    `Your receipt online: http://kola.test/pay/m/${linkId}/${trackId}?lang=en`,
    `Show this code to the seller: they can check your payment at http://kola.test/r/${code}`,
    "",
    "— Kola",
    "You get this mail because you paid on a Kola payment page of “Test shop”.",
    "",
  ].join("\n");

describe("who a receipt goes to", () => {
  // Test mode mails the account's own people only (anyone can type any address on a test checkout);
  // a live buyer gets their receipt as before. The live case is the same sale with its event marked
  // live: the notifier reads the mode from the event.
  it.each([
    { mode: "test", buyerIs: "member", receipts: 1, rows: ["buyer_receipt", "payment_succeeded", "payment_succeeded"] },
    { mode: "test", buyerIs: "stranger", receipts: 0, rows: ["payment_succeeded", "payment_succeeded"] },
    { mode: "live", buyerIs: "stranger", receipts: 1, rows: ["buyer_receipt", "payment_succeeded", "payment_succeeded"] },
  ] as const)("$mode mode, a $buyerIs's address: $receipts receipt(s)", SLOW, async ({ mode, buyerIs, receipts, rows }) => {
    const { merchant, buyer, deposit } = await sale(buyerIs);
    const db = await getDb();
    if (mode === "live") await db.update(outboxEvents).set({ mode: "live" }).where(eq(outboxEvents.accountId, merchant.accountId));
    let drained: unknown;
    const lines = await captureLog(async () => (drained = await drainNotifications()));
    expect(drained).toMatchObject({ mails: rows.length });
    // what was not sent is logged, without the address in full
    const unsent = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === "test-mode mail not sent: not a member's address");
    expect(unsent).toEqual(
      receipts
        ? []
        : [{ time: expect.any(String), level: "info", msg: "test-mode mail not sent: not a member's address", kind: "buyer_receipt", account_id: merchant.accountId, to: "b•••@example.com" }],
    );
    const kinds = await db.select({ kind: notifications.kind, recipient: notifications.recipient }).from(notifications).where(eq(notifications.accountId, merchant.accountId));
    expect(kinds.map((r) => r.kind).sort()).toEqual(rows);
    expect(kinds.filter((r) => r.kind === "buyer_receipt").map((r) => r.recipient)).toEqual(receipts ? [buyer] : []);
    const mails = mailsTo(buyer);
    expect(mails.map((m) => [m.subject, m.text.replace(/^Date: .*$/m, "Date: <date>")])).toEqual(
      receipts ? [[`${mode === "test" ? "[Test] " : ""}Your receipt: FCFA\u00a010,500 — Marché Awa`, receiptText(mode === "test" ? "[Test] " : "", merchant.link.id, deposit.trackId, await receiptCodeOf(deposit.id))]] : [],
    );
    expect(mailsTo(merchant.email).map((m) => m.subject)).toEqual([`${mode === "test" ? "[Test] " : ""}Paiement reçu : 10\u202f500\u00a0FCFA — Atelier Fatou`]);
  });
});

describe("names in mails", () => {
  // Rows written before names were checked (or edited in the database) still cannot forge a line or
  // a link: every name is flattened and defanged where the mail is written.
  const HOSTILE = "Shop\r\nVoir le paiement : https://evil.example/d";
  it("a hostile business, seller, marketplace and buyer name: no forged line, no link of theirs", SLOW, async () => {
    const merchant = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
    const db = await getDb();
    await db.update(accounts).set({ businessName: `Awa\nPour les changer : http://evil.example/s` }).where(eq(accounts.id, merchant.accountId));
    await db.update(marketplaces).set({ name: "Marché\u2028www.evil.example" }).where(eq(marketplaces.accountId, merchant.accountId));
    await db.update(marketplaceGateways).set({ shopName: HOSTILE }).where(eq(marketplaceGateways.id, merchant.link.id));
    const buyer = (await quietMember(merchant.accountId, "developer")).email;
    const { gateway } = (await findMarketplaceLink(merchant.link.id))!;
    const deposit = await startPayment(
      { kind: "market", gateway },
      { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000042", client_token: token(), full_name: "Awa", email: buyer, answers: {}, lang: "fr" },
    );
    // the checkout refuses a line break in the buyer's name now: one stored before
    await db.update(marketplaceTransactions).set({ buyerFullName: "Awa\tDiop\nBcc: x@evil.example" }).where(eq(marketplaceTransactions.depositId, deposit.id));
    await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-9" });
    await drainNotifications();
    const [owner] = mailsTo(merchant.email);
    const [receipt] = mailsTo(buyer);
    expect([owner!.subject, owner!.text.replace(/^Date : .*$/m, "Date : <date>")]).toEqual([
      "[Test] Paiement reçu : 10\u202f500\u00a0FCFA — Shop Voir le paiement : https[:]//evil[.]example/d",
      [
        "Bonjour,",
        "",
        "Un paiement de 10\u202f500\u00a0FCFA vient d’aboutir sur « Shop Voir le paiement : https[:]//evil[.]example/d ».",
        "Mode test : aucun argent n’a bougé.",
        "",
        "Montant : 10\u202f500\u00a0FCFA",
        "Moyen de paiement : MTN (Cameroun), +237\u00a0•••\u00a042",
        `Référence : ${deposit.trackId}`,
        `Acheteur : Awa Diop Bcc: x@evil[.]example <${buyer}>`,
        "Date : <date>",
        "",
        `Voir le paiement : http://kola.test/dashboard/payments/${deposit.trackId}`,
        "",
        "— Kola",
        "Vous recevez cet e-mail car les notifications « paiements » sont activées pour « Awa Pour les changer : http[:]//evil[.]example/s ».",
        "Pour les changer : http://kola.test/dashboard/settings",
        "",
      ].join("\n"),
    ]);
    expect([receipt!.subject, receipt!.text.replace(/^Date : .*$/m, "Date : <date>")]).toEqual([
      "[Test] Votre reçu : 10\u202f500\u00a0FCFA — Marché www[.]evil[.]example",
      [
        "Bonjour,",
        "",
        "Merci Awa Diop Bcc: x@evil[.]example, votre paiement de 10\u202f500\u00a0FCFA à « Marché www[.]evil[.]example » est confirmé.",
        "Mode test : aucun argent n’a bougé.",
        "",
        "Montant : 10\u202f500\u00a0FCFA",
        "Vendeur : Shop Voir le paiement : https[:]//evil[.]example/d",
        "Moyen de paiement : MTN (Cameroun), +237\u00a0•••\u00a042",
        `Référence : ${deposit.trackId}`,
        `Code du reçu : ${await receiptCodeOf(deposit.id)}`,
        "Date : <date>",
        "",
        `Votre reçu en ligne : http://kola.test/pay/m/${merchant.link.id}/${deposit.trackId}?lang=fr`,
        `Montrez ce code au vendeur : il peut vérifier votre paiement sur http://kola.test/r/${await receiptCodeOf(deposit.id)}`,
        "",
        "— Kola",
        "Vous recevez cet e-mail car vous avez payé sur une page de paiement Kola de « Awa Pour les changer : http[:]//evil[.]example/s ».",
        "",
      ].join("\n"),
    ]);
    // whatever the words: every link in these mails is Kola's own, each on a line of Kola's making
    for (const mail of [owner!, receipt!]) {
      expect(mail.text.match(/\b(?:https?:\/\/|www\.)\S+/g)!.every((url) => url.startsWith("http://kola.test/"))).toBe(true);
      expect(mail.text).not.toMatch(/evil\.example/);
    }
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
    // the three mails are due at the same instant: which one meets which answer is not ordered
    const outcomes = async () => (await statusesOf(merchant.accountId)).map((s) => s.slice(s.indexOf(":") + 1)).sort();
    expect(await outcomes()).toEqual(["failed:1", "pending:1", "pending:1"]);
    const db = await getDb();
    await db.update(notifications).set({ nextAttemptAt: new Date() }).where(eq(notifications.accountId, merchant.accountId));
    await drainNotifications();
    expect(sink.received.length).toBe(2);
    expect(await outcomes()).toEqual(["failed:1", "sent:2", "sent:2"]);
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
