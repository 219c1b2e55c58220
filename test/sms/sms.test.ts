import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { notifications, outboxEvents } from "@/lib/db/schema";
import { drainNotifications } from "@/lib/notifications/rounds";
import { fanOutNotifications } from "@/lib/notifications/fan-out";
import { sendDueNotifications } from "@/lib/notifications/send";
import { OrangeSmsSender } from "@/lib/sms/orange";
import type { OrangeSmsEmulator } from "@/test/emulators/orange-sms";
import { ORANGE_SENDER, cameroonPhone, paidLink, resetSms, smsRows, startSms, stopSms } from "@/test/support/sms";

// Receipts and « payé » alerts by SMS, through the notifier's outbox and Orange's emulator: one
// receipt per payment and one alert per verified number with alerts on, whatever runs twice;
// test mode texts only the account's verified numbers; Orange's refusals and outages.

let orange: OrangeSmsEmulator;
beforeAll(async () => {
  orange = await startSms();
});
afterAll(() => stopSms(orange));
beforeEach(() => resetSms(orange));

const receiptText = (code: string) => `[Test] Paiement de 5 000 FCFA à Boutique Awa confirmé. Recu ${formatReceiptCode(code)} : http://kola.test/r/${code}`;
const alertText = (code: string) => `[Test] Kola : payé ! 5 000 FCFA recu sur Boutique Awa. Recu ${formatReceiptCode(code)}`;
const sms = (to: string, message: string) => ({ to, from: ORANGE_SENDER, message, id: expect.any(String) });
const byRecipient = (a: { to: string; message: string }, b: { to: string; message: string }) => `${a.to} ${a.message}`.localeCompare(`${b.to} ${b.message}`);

describe("a successful payment", () => {
  it("one receipt to the payer and one « payé » alert per verified number with alerts on, sent through Orange", async () => {
    const [payer, second, quiet, unverified] = [cameroonPhone(), cameroonPhone(), cameroonPhone(), cameroonPhone()];
    const paid = await paidLink(payer, [
      { phone: payer, verified: true },
      { phone: second, verified: true },
      { phone: quiet, verified: true, alerts: false },
      { phone: unverified, verified: false },
    ]);
    await drainNotifications();
    const code = paid.code!;
    expect([...orange.messages].sort(byRecipient)).toEqual(
      [sms(payer, alertText(code)), sms(payer, receiptText(code)), sms(second, alertText(code))].sort(byRecipient),
    );
    expect(await smsRows(paid.accountId)).toEqual(
      [
        { kind: "sms_payment_alert", recipient: payer, status: "sent", attempts: 1 },
        { kind: "sms_payment_alert", recipient: second, status: "sent", attempts: 1 },
        { kind: "sms_receipt", recipient: payer, status: "sent", attempts: 1 },
      ].sort((a, b) => `${a.kind} ${a.recipient}`.localeCompare(`${b.kind} ${b.recipient}`)),
    );
  });

  it("the fan-out and the sender run twice, or two senders at once: still one SMS each; the database refuses a second receipt", async () => {
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true }]);
    await Promise.all([fanOutNotifications(), fanOutNotifications()]);
    await fanOutNotifications();
    await Promise.all([sendDueNotifications(), sendDueNotifications()]);
    await drainNotifications();
    expect(orange.messages.length).toBe(2);
    // the rule is the database's: (deposit_id, kind, recipient) is unique
    const db = await getDb();
    const again = db.insert(notifications).values({
      accountId: paid.accountId,
      mode: "test",
      kind: "sms_receipt",
      depositId: paid.depositId,
      recipient: payer,
      language: "fr",
      subject: "",
      text: "again",
    });
    await expect(again).rejects.toThrow();
    expect((await smsRows(paid.accountId)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("test mode: a payer whose number the account did not verify gets no receipt (the alerts still go)", async () => {
    const [payer, merchantPhone] = [cameroonPhone(), cameroonPhone()];
    const paid = await paidLink(payer, [
      { phone: payer, verified: false },
      { phone: merchantPhone, verified: true },
    ]);
    await drainNotifications();
    expect(orange.messages).toEqual([sms(merchantPhone, alertText(paid.code!))]);
  });

  it("a duplicate payment (being refunded) gets no SMS", async () => {
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true }]);
    const db = await getDb();
    await db
      .update(outboxEvents)
      .set({ data: sql`${outboxEvents.data} || '{"duplicate_of":"txn_first"}'::jsonb` })
      .where(and(eq(outboxEvents.depositId, paid.depositId), eq(outboxEvents.type, "payment.succeeded")));
    await drainNotifications();
    expect([orange.messages, await smsRows(paid.accountId)]).toEqual([[], []]);
  });

  it("a success without a receipt code: no receipt SMS (nothing for /r/ to show), the alert without a code", async () => {
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true }], null);
    await drainNotifications();
    expect(orange.messages).toEqual([sms(payer, "[Test] Kola : payé ! 5 000 FCFA recu sur Boutique Awa.")]);
    expect(paid.code).toBeNull();
  });

  it("SMS_PROVIDER off: no SMS row is written", async () => {
    process.env.SMS_PROVIDER = "off";
    try {
      const payer = cameroonPhone();
      const paid = await paidLink(payer, [{ phone: payer, verified: true }]);
      await drainNotifications();
      expect([orange.messages, await smsRows(paid.accountId)]).toEqual([[], []]);
    } finally {
      process.env.SMS_PROVIDER = "orange";
    }
  });
});

describe("Orange's answers", () => {
  it("401, an expired token: a new token, then sent", async () => {
    await new OrangeSmsSender().token(); // a token cached in this process…
    orange.expireTokens(); // …that Orange no longer takes
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true, alerts: false }]);
    await drainNotifications();
    expect(orange.tokenRequests.length).toBe(2);
    expect(orange.messages).toEqual([sms(payer, receiptText(paid.code!))]);
  });

  it("403 (no bundle) and 400 (an invalid address): failed, never tried again", async () => {
    const [payer, other] = [cameroonPhone(), cameroonPhone()];
    const paid = await paidLink(payer, [
      { phone: payer, verified: true, alerts: false },
      { phone: other, verified: true },
    ]);
    orange.failNext.push("no-bundle", "invalid-address");
    await drainNotifications();
    const db = await getDb();
    await db.update(notifications).set({ nextAttemptAt: sql`now() - interval '1 hour'` }).where(eq(notifications.accountId, paid.accountId));
    await drainNotifications();
    expect(orange.messages).toEqual([]);
    expect((await smsRows(paid.accountId)).map((r) => [r.status, r.attempts])).toEqual([
      ["failed", 1],
      ["failed", 1],
    ]);
  });

  it("Orange unreachable (connection refused): pending, then sent once it is back", async () => {
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true, alerts: false }]);
    await orange.setRefusing(true);
    await drainNotifications();
    expect(await smsRows(paid.accountId)).toEqual([{ kind: "sms_receipt", recipient: payer, status: "pending", attempts: 1 }]);
    await orange.setRefusing(false);
    await drainNotifications(); // not due yet: 30 s later
    expect(orange.messages).toEqual([]);
    const db = await getDb();
    await db.update(notifications).set({ nextAttemptAt: sql`now()` }).where(eq(notifications.accountId, paid.accountId));
    await drainNotifications();
    expect(orange.messages).toEqual([sms(payer, receiptText(paid.code!))]);
    expect(await smsRows(paid.accountId)).toEqual([{ kind: "sms_receipt", recipient: payer, status: "sent", attempts: 2 }]);
  });

  it("the connection lost once Orange had the request: unknown, never sent again (Orange has no idempotency key)", async () => {
    const payer = cameroonPhone();
    const paid = await paidLink(payer, [{ phone: payer, verified: true, alerts: false }]);
    orange.failNext.push("drop");
    await drainNotifications();
    await drainNotifications();
    expect(await smsRows(paid.accountId)).toEqual([{ kind: "sms_receipt", recipient: payer, status: "unknown", attempts: 1 }]);
    expect(orange.messages).toEqual([]);
  });
});
