import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { memberships, notifications } from "@/lib/db/schema";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { drainNotifications } from "@/lib/notifications/rounds";
import { tidyNotifications } from "@/lib/notifications/send";
import type { OrangeSmsEmulator } from "@/test/emulators/orange-sms";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { cameroonPhone, paidLink, resetSms, smsRows, startSms, stopSms } from "@/test/support/sms";

// kill -9 between a payment's success and its SMS: the payment is settled (committed), then a
// child process (node + tsx) runs the notifier against Orange's emulator (this process's), stops
// at a crash point and is killed there with SIGKILL; this process then runs the notifier again, as
// a restarted worker would. Every SMS reaches Orange at most once, and none is lost but one a dead
// worker had claimed: a crash after the claim and before Orange's answer leaves that SMS
// `sending`, then `unknown` — never sent twice, since Orange takes no idempotency key and a second
// request could text the person twice.

const TIMEOUT = { timeout: 180_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { drainNotifications } from ${childImport("lib/notifications/rounds.ts")};
await useDatabase(JSON.parse(process.argv[1]).settings);
await drainNotifications();
console.log("finished");
process.exit(0);
`;

crashTestDatabase("kola-sms-crash-");
let orange: OrangeSmsEmulator;
beforeAll(async () => {
  orange = await startSms();
});
afterAll(() => stopSms(orange));
beforeEach(() => resetSms(orange));

const crashAt = (point: CrashPointName) => crashChildAt(point, CHILD);

/** A settled payment (its mails off) whose SMS are a receipt to the payer (alerts off) and an alert to one more number. */
async function paid() {
  const [payer, merchantPhone] = [cameroonPhone(), cameroonPhone()];
  const payment = await paidLink(payer, [
    { phone: payer, verified: true, alerts: false },
    { phone: merchantPhone, verified: true },
  ]);
  // the members' payment mails off: the SMS are the only rows the child can claim
  const db = await getDb();
  await db.update(memberships).set({ notifyPayments: false }).where(eq(memberships.accountId, payment.accountId));
  return { ...payment, recipients: [payer, merchantPhone].sort() };
}
const delivered = () => orange.messages.map((m) => m.to).sort();

describe("kill -9 between a payment's success and its SMS", () => {
  it("after the settlement committed, the SMS rows written but not committed: the restarted worker sends each once", TIMEOUT, async () => {
    const payment = await paid();
    await crashAt("notifications-written");
    expect([delivered(), await smsRows(payment.accountId)]).toEqual([[], []]);
    await drainNotifications();
    await drainNotifications();
    expect(delivered()).toEqual(payment.recipients);
    expect((await smsRows(payment.accountId)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("after Orange took one SMS, before its outcome was written: it is not sent again; the other once", TIMEOUT, async () => {
    const payment = await paid();
    await crashAt("notification-sent");
    expect(delivered().length).toBe(1);
    await drainNotifications();
    await drainNotifications();
    expect(delivered()).toEqual(payment.recipients);
    expect((await smsRows(payment.accountId)).map((r) => r.status).sort()).toEqual(["sending", "sent"]);
  });

  it("with an SMS claimed, before Orange was asked: that one stays unknown (at most once), the other is sent once", TIMEOUT, async () => {
    const payment = await paid();
    await crashAt("notification-claimed");
    expect(delivered()).toEqual([]);
    await drainNotifications();
    expect(delivered().length).toBe(1);
    const db = await getDb();
    await db.update(notifications).set({ claimedAt: sql`now() - interval '1 hour'` }).where(eq(notifications.status, "sending"));
    await tidyNotifications();
    await drainNotifications();
    expect(delivered().length).toBe(1);
    expect((await smsRows(payment.accountId)).map((r) => r.status).sort()).toEqual(["sent", "unknown"]);
  });
});
