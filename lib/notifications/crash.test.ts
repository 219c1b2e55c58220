import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "@/test/support/accounts";
import { findPaymentLink } from "@/lib/checkout/queries";
import { createLink } from "@/test/support/checkout";
import { closeDb, databaseSettings, getDb, useDatabase } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { newAccount } from "@/test/support/api";
import { childImport, crashChildAt } from "@/test/support/crash-child";
import { startSmtpSink, type SmtpSink } from "@/test/support/smtp-sink";
import { tidyNotifications } from "./send";
import { drainNotifications } from "./rounds";

// kill -9 inside the notifier: a child process (node + tsx) drains the mails of a payment through a
// real SMTP server (this file's), stops at a crash point and is killed there with SIGKILL. Then this
// process drains again, as a restarted worker would: no mail is ever delivered twice, and none is
// lost but the one a dead worker had in hand (at most once: it may have left).

const TIMEOUT = { timeout: 180_000 }; // a hang guard: a child process starts node + tsx, slow on a busy machine
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { drainNotifications } from ${childImport("lib/notifications/rounds.ts")};
await useDatabase(JSON.parse(process.argv[1]).settings);
await drainNotifications();
console.log("finished");
process.exit(0);
`;

let dataDir: string;
let sink: SmtpSink;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-notify-crash-"));
  if (!databaseSettings().databaseUrl) await useDatabase({ dataDir });
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const crashAt = (point: CrashPointName) => crashChildAt(point, CHILD);

/** A paid payment link of a merchant with two members besides the owner: three mails to send. */
async function paidLink() {
  setSandboxTransport(async () => {});
  const merchant = await newAccount("CMR");
  const others = [await addMember(merchant.accountId, "admin"), await addMember(merchant.accountId, "viewer", "en")];
  const gateway = (await findPaymentLink((await createLink(merchant.key)).id))!;
  const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000020", client_token: randomUUID().replaceAll("-", "") });
  await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-crash" });
  setSandboxTransport(undefined);
  return { accountId: merchant.accountId, recipients: [merchant.email, ...others.map((o) => o.email)].sort() };
}

async function statuses(accountId: string) {
  const db = await getDb();
  return (await db.select().from(notifications).where(eq(notifications.accountId, accountId))).map((r) => r.status).sort();
}
const deliveredTo = (recipients: string[]) => sink.received.map((m) => m.to).filter((to) => recipients.includes(to)).sort();

describe("kill -9 inside the notifier", () => {
  it("while writing the mails, before marking the event: nothing was written; the next worker sends each once", TIMEOUT, async () => {
    const { accountId, recipients } = await paidLink();
    await crashAt("notifications-written");
    expect(await statuses(accountId)).toEqual([]);
    await drainNotifications();
    await drainNotifications();
    expect(deliveredTo(recipients)).toEqual(recipients);
    expect(await statuses(accountId)).toEqual(["sent", "sent", "sent"]);
  });

  it("with a mail claimed, before it reached the SMTP server: that one is never sent (at most once), the others once", TIMEOUT, async () => {
    const { accountId, recipients } = await paidLink();
    await crashAt("notification-claimed");
    expect(deliveredTo(recipients)).toEqual([]);
    await drainNotifications();
    expect(deliveredTo(recipients).length).toBe(2);
    expect(await statuses(accountId)).toEqual(["sending", "sent", "sent"]);
    // once its claim is older than any SMTP client waits, it is marked unknown, and still not sent
    const db = await getDb();
    await db.update(notifications).set({ claimedAt: sql`now() - interval '1 hour'` }).where(eq(notifications.status, "sending"));
    await tidyNotifications();
    await drainNotifications();
    expect(await statuses(accountId)).toEqual(["sent", "sent", "unknown"]);
    expect(deliveredTo(recipients).length).toBe(2);
  });

  it("after the SMTP server took a mail, before its outcome was written: it is not sent again", TIMEOUT, async () => {
    const { accountId, recipients } = await paidLink();
    await crashAt("notification-sent");
    const first = deliveredTo(recipients);
    expect(first.length).toBe(1);
    await drainNotifications();
    await drainNotifications();
    expect(deliveredTo(recipients)).toEqual(recipients);
    expect(await statuses(accountId)).toEqual(["sending", "sent", "sent"]);
  });
});
