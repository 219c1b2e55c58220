import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { publicBaseUrl } from "@/lib/runtime/config";
import { getDb, type Tx } from "@/lib/db/client";
import { claimOutboxEvents, markOutboxEvents, type OutboxEvent } from "@/lib/db/outbox";
import {
  accountPhones,
  accounts,
  deposits,
  marketplaceGateways,
  marketplaces,
  marketplaceTransactions,
  memberships,
  notifications,
  paymentGateways,
  providerLogs,
  users,
} from "@/lib/db/schema";
import type { Lang } from "@/lib/core/languages";
import { log, maskPhone } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import { alertMail, paymentMail, payoutFailedMail, receiptMail, refundMail, type AccountFacts, type Composed, type PaymentFacts } from "./compose";
import type { NotificationKind, NotificationPreference } from "@/lib/core/notification-kinds";
import { countryLanguage } from "@/lib/countries";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { smsEnabled } from "@/lib/sms";
import { alertSms, receiptSms } from "@/lib/sms/words";

// The notifier's first half: outbox events and live-mode provider alerts become mails,
// one row of `notifications` per recipient, written in the transaction that marks the source
// notified. Sources are claimed with FOR UPDATE SKIP LOCKED, and the unique keys (source, kind,
// recipient) hold besides: however many workers run or crash, each mail is written once.

type Row = typeof notifications.$inferInsert;
type Member = { userId: string; email: string; language: Lang; prefs: Record<NotificationPreference, boolean> };

const BATCH = 100;

/** What the merchant side of each event is, and which switch of a member sends it. */
const merchantKinds: Partial<Record<string, [NotificationKind, NotificationPreference]>> = {
  "payment.succeeded": ["payment_succeeded", "payments"],
  "marketplace.transaction.succeeded": ["payment_succeeded", "payments"],
  "refund.succeeded": ["refund_succeeded", "refunds"],
  "refund.failed": ["refund_failed", "refunds"],
  "payout.failed": ["payout_failed", "failed_payouts"],
};

/** Writes the mails of up to BATCH events and BATCH alerts not notified yet; how many sources it handled. */
export async function fanOutNotifications(): Promise<number> {
  const db = await getDb();
  const events = await db.transaction(async (tx) => {
    const claimed = await claimOutboxEvents(tx, "notifiedAt", BATCH);
    if (!claimed.length) return 0;
    const mailing = claimed.filter((e) => merchantKinds[e.type]);
    if (mailing.length) await insertRows(tx, await mailsOfEvents(tx, mailing));
    await crashPoint("notifications-written"); // a crash here rolls the mails back with the mark
    await markOutboxEvents(tx, "notifiedAt", claimed);
    return claimed.length;
  });
  return events + (await fanOutAlerts());
}

async function insertRows(tx: Tx, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(notifications).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

async function accountFacts(tx: Tx, ids: string[]): Promise<Map<string, Omit<AccountFacts, "mode">>> {
  const rows = await tx
    .select({ id: accounts.id, name: accounts.businessName, country: accounts.country, supportEmail: accounts.supportEmail, supportPhone: accounts.supportPhone })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

async function membersOf(tx: Tx, ids: string[]): Promise<Map<string, Member[]>> {
  const rows = await tx
    .select({ accountId: memberships.accountId, userId: users.id, email: users.email, language: users.language, m: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(memberships.accountId, ids))
    .orderBy(asc(memberships.createdAt));
  const byAccount = new Map<string, Member[]>();
  for (const { accountId, userId, email, language, m } of rows) {
    const prefs = { payments: m.notifyPayments, refunds: m.notifyRefunds, failed_payouts: m.notifyFailedPayouts, provider_alerts: m.notifyProviderAlerts };
    // a cashier sees the counter only: no merchant mail, whatever its switches say
    if (m.role === "cashier") for (const key of Object.keys(prefs) as NotificationPreference[]) prefs[key] = false;
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), { userId, email, language, prefs }]);
  }
  return byAccount;
}

type Sale = { deposit: typeof deposits.$inferSelect; link: string; shop: string; buyer: { name: string; email: string; lang: Lang } | null };

/** The payments the events are about: their link's name and, on a marketplace, the buyer. */
async function salesOf(tx: Tx, depositIds: string[]): Promise<Map<string, Sale>> {
  if (!depositIds.length) return new Map();
  const rows = await tx
    .select({
      deposit: deposits,
      linkShop: paymentGateways.shopName,
      sellerShop: marketplaceGateways.shopName,
      marketplace: marketplaces.name,
      buyerName: marketplaceTransactions.buyerFullName,
      buyerEmail: marketplaceTransactions.buyerEmail,
      buyerLang: marketplaceTransactions.buyerLang,
    })
    .from(deposits)
    .leftJoin(paymentGateways, eq(paymentGateways.id, deposits.paymentGatewayId))
    .leftJoin(marketplaceGateways, eq(marketplaceGateways.id, deposits.marketplaceGatewayId))
    .leftJoin(marketplaces, eq(marketplaces.id, marketplaceGateways.marketplaceId))
    .leftJoin(marketplaceTransactions, eq(marketplaceTransactions.depositId, deposits.id))
    .where(inArray(deposits.id, depositIds));
  return new Map(
    rows.map((r) => [
      r.deposit.id,
      {
        deposit: r.deposit,
        link: r.linkShop ?? r.sellerShop ?? "",
        shop: r.marketplace ?? r.linkShop ?? "",
        buyer: r.buyerEmail ? { name: r.buyerName ?? "", email: r.buyerEmail, lang: r.buyerLang ?? "fr" } : null,
      },
    ]),
  );
}

async function mailsOfEvents(tx: Tx, events: OutboxEvent[]): Promise<Row[]> {
  const accountIds = [...new Set(events.map((e) => e.accountId))];
  const facts = await accountFacts(tx, accountIds);
  const members = await membersOf(tx, accountIds);
  const payments = events.filter((e) => merchantKinds[e.type]![0] === "payment_succeeded" && e.depositId);
  const sales = await salesOf(tx, payments.map((e) => e.depositId!));
  const sms = smsEnabled() && payments.length ? await verifiedPhones(tx, accountIds) : null;
  const base = publicBaseUrl();
  const rows: Row[] = [];
  for (const event of events) {
    const [kind, pref] = merchantKinds[event.type]!;
    const account = { ...facts.get(event.accountId)!, mode: event.mode };
    const data = event.data as Record<string, unknown>;
    const sale = event.depositId ? sales.get(event.depositId) : undefined;
    const row = (recipient: { email: string; language: Lang; userId?: string }, mail: Composed, as: NotificationKind = kind): Row => ({
      accountId: event.accountId,
      mode: event.mode,
      kind: as,
      outboxEventId: event.id,
      userId: recipient.userId ?? null,
      recipient: recipient.email.toLowerCase(),
      language: recipient.language,
      ...mail,
    });
    const payment: PaymentFacts | undefined = sale && {
      trackId: sale.deposit.trackId,
      amount: sale.deposit.amount,
      currency: sale.deposit.currency,
      country: sale.deposit.country,
      operator: sale.deposit.operator,
      phone: sale.deposit.phoneNumber,
      orderId: String(data.order_id ?? ""),
      link: sale.link,
      buyer: sale.buyer,
      at: sale.deposit.completedAt ?? event.createdAt,
      duplicateOf: typeof data.duplicate_of === "string" ? data.duplicate_of : null,
      late: data.late_success === true,
      receiptCode: sale.deposit.receiptCode,
    };
    const compose = (lang: Lang): Composed | null => {
      if (kind === "payment_succeeded") return payment ? paymentMail(lang, account, base, payment) : null;
      if (kind === "payout_failed") {
        return payoutFailedMail(lang, account, base, {
          amount: Number(data.amount),
          currency: String(data.currency),
          kind: data.kind === "seller" ? "seller" : "withdrawal",
          phone: String(data.phone_number ?? ""),
          failureReason: (data.failure_reason as string | null) ?? null,
        });
      }
      return refundMail(lang, account, base, {
        trackId: String(data.track_id),
        amount: Number(data.amount),
        currency: String(data.currency),
        succeeded: kind === "refund_succeeded",
        automatic: data.automatic === true,
        reason: String(data.reason ?? ""),
        failureReason: (data.failure_reason as string | null) ?? null,
      });
    };
    const team = members.get(event.accountId) ?? [];
    const mails: Row[] = [];
    for (const member of team) {
      if (!member.prefs[pref]) continue;
      const mail = compose(member.language);
      if (mail) mails.push(row(member, mail));
    }
    // the buyer's receipt, when the checkout collected their e-mail (a duplicate is being refunded: none)
    if (payment && sale?.buyer && !payment.duplicateOf) {
      const receiptUrl = `${base}/pay/m/${sale.deposit.marketplaceGatewayId}/${sale.deposit.trackId}?lang=${sale.buyer.lang}`;
      const mail = receiptMail(sale.buyer.lang, account, { ...payment, shop: sale.shop, receiptUrl });
      mails.push(row({ email: sale.buyer.email, language: sale.buyer.lang }, mail, "buyer_receipt"));
    }
    rows.push(...mails.filter((mail) => mayMail(mail, team)));
    if (sms && payment && sale) rows.push(...smsOfPayment(event, account, sale, payment, sms.get(event.accountId) ?? [], base));
  }
  return rows;
}

/** An account's numbers that may get SMS: verified ones, with their « payé » switch. */
async function verifiedPhones(tx: Tx, ids: string[]): Promise<Map<string, { phone: string; alerts: boolean }[]>> {
  const rows = await tx
    .select({ accountId: accountPhones.accountId, phone: accountPhones.phoneNumber, alerts: accountPhones.alerts })
    .from(accountPhones)
    .where(and(inArray(accountPhones.accountId, ids), isNotNull(accountPhones.verifiedAt)))
    .orderBy(asc(accountPhones.createdAt));
  const byAccount = new Map<string, { phone: string; alerts: boolean }[]>();
  for (const { accountId, ...phone } of rows) byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), phone]);
  return byAccount;
}

/**
 * A successful payment's SMS (written only while SMS is on): the payer's receipt and a « payé »
 * alert to each of the account's verified numbers with alerts on. Each row carries its deposit:
 * the unique key (deposit_id, kind, recipient) makes one receipt per payment and number a rule of
 * the database, whatever events and workers write them. None for a duplicate payment (it is being
 * refunded). Test mode sends a receipt only to a number the account verified: a test checkout
 * takes any number, and Kola would otherwise text strangers what a tester chose.
 */
function smsOfPayment(event: OutboxEvent, account: AccountFacts, sale: Sale, payment: PaymentFacts, phones: { phone: string; alerts: boolean }[], base: string): Row[] {
  if (payment.duplicateOf) return [];
  const lang = countryLanguage(account.country);
  const test = event.mode === "test";
  // the receipt code is given when the success is recorded; a success recorded before codes
  // existed has none: no receipt SMS for it (there is nothing for /r/ to show)
  const code = sale.deposit.receiptCode ? formatReceiptCode(sale.deposit.receiptCode) : null;
  const row = (kind: NotificationKind, recipient: string, text: string): Row => ({
    accountId: event.accountId,
    mode: event.mode,
    kind,
    outboxEventId: event.id,
    depositId: sale.deposit.id,
    recipient,
    language: lang,
    subject: "",
    text,
  });
  const rows: Row[] = [];
  const payer = sale.deposit.phoneNumber;
  if (code && (!test || phones.some((p) => p.phone === payer))) {
    const text = receiptSms(lang, { amount: payment.amount, currency: payment.currency, shop: sale.shop || account.name, code, url: `${base}/r/${sale.deposit.receiptCode}`, test });
    rows.push(row("sms_receipt", payer, text));
  } else if (code) {
    log("info", "test-mode receipt SMS not sent: not a verified number of the account", { account_id: event.accountId, phone: maskPhone(payer) });
  }
  for (const { phone, alerts } of phones) {
    if (alerts) rows.push(row("sms_payment_alert", phone, alertSms(lang, { amount: payment.amount, currency: payment.currency, link: sale.link || account.name, code, test })));
  }
  return rows;
}

/**
 * Test mode mails the account's own people only: an address one of its members signs in with (and
 * confirmed, to sign up or to accept their invitation). A test checkout takes any e-mail a buyer
 * types, so without this anyone could have Kola's domain mail anyone a text they chose. Live mode is
 * unchanged: a real buyer gets their receipt. Every mail of an event passes here.
 */
function mayMail(row: Row, team: Member[]): boolean {
  if (row.mode !== "test" || team.some((m) => m.email.toLowerCase() === row.recipient)) return true;
  log("info", "test-mode mail not sent: not a member's address", { kind: row.kind, account_id: row.accountId, to: maskedEmail(row.recipient) });
  return false;
}

/** `a•••@example.com`: enough to recognise a test address in a log, not to write to it. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 1 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/** Live-mode provider alerts of an account: a mail to each member who wants them. */
async function fanOutAlerts(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const alerts = await tx
      .select({ log: providerLogs, trackId: deposits.trackId })
      .from(providerLogs)
      .leftJoin(deposits, eq(deposits.id, providerLogs.depositId))
      .where(and(eq(providerLogs.alert, true), isNull(providerLogs.notifiedAt), isNotNull(providerLogs.accountId), eq(providerLogs.mode, "live")))
      .orderBy(asc(providerLogs.createdAt), asc(providerLogs.id))
      .limit(BATCH)
      .for("update", { of: providerLogs, skipLocked: true });
    if (!alerts.length) return 0;
    const accountIds = [...new Set(alerts.map((a) => a.log.accountId!))];
    const facts = await accountFacts(tx, accountIds);
    const members = await membersOf(tx, accountIds);
    const base = publicBaseUrl();
    const rows: Row[] = [];
    for (const { log, trackId } of alerts) {
      const account = { ...facts.get(log.accountId!)!, mode: "live" as const };
      for (const member of members.get(log.accountId!) ?? []) {
        if (!member.prefs.provider_alerts) continue;
        const mail = alertMail(member.language, account, base, { provider: log.provider, operation: log.operation, outcome: log.outcome, trackId, at: log.createdAt });
        rows.push({ accountId: log.accountId!, mode: "live", kind: "provider_alert", providerLogId: log.id, userId: member.userId, recipient: member.email.toLowerCase(), language: member.language, ...mail });
      }
    }
    await insertRows(tx, rows);
    await tx.update(providerLogs).set({ notifiedAt: sql`now()` }).where(inArray(providerLogs.id, alerts.map((a) => a.log.id)));
    return alerts.length;
  });
}
