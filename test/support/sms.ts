import { randomInt, randomUUID } from "node:crypto";
import { and, eq, isNull, like } from "drizzle-orm";
import { findPaymentLink } from "@/lib/checkout/queries";
import { RECEIPT_ALPHABET } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { accountPhones, deposits, notifications } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { forgetOrangeTokens } from "@/lib/sms/orange";
import { newAccount } from "@/test/support/api";
import { createLink } from "@/test/support/checkout";
import { startOrangeSmsEmulator, type OrangeSmsEmulator } from "@/test/emulators/orange-sms";

// The SMS tests' helpers: Orange's emulator with this process's settings pointing at it, a
// merchant's numbers written straight (verified or not), and a paid payment link.

export const ORANGE_AUTH = "Basic a29sYTp0ZXN0";
export const ORANGE_SENDER = "2250700000001";

export async function startSms(): Promise<OrangeSmsEmulator> {
  const emulator = await startOrangeSmsEmulator({ authorization: ORANGE_AUTH, senderNumber: ORANGE_SENDER });
  Object.assign(process.env, { SMS_PROVIDER: "orange", ORANGE_SMS_AUTHORIZATION: ORANGE_AUTH, ORANGE_SMS_SENDER_NUMBER: ORANGE_SENDER, ORANGE_SMS_BASE_URL: emulator.url });
  return emulator;
}

export async function stopSms(emulator: OrangeSmsEmulator): Promise<void> {
  for (const name of ["SMS_PROVIDER", "ORANGE_SMS_AUTHORIZATION", "ORANGE_SMS_SENDER_NUMBER", "ORANGE_SMS_BASE_URL"]) delete process.env[name];
  await emulator.close();
}

export function resetSms(emulator: OrangeSmsEmulator): void {
  forgetOrangeTokens();
  emulator.messages.length = 0;
  emulator.tokenRequests.length = 0;
  emulator.received.length = 0;
  emulator.failNext.length = 0;
}

/** A random Cameroon MTN number (E.164 digits): 23767 and seven digits. */
export const cameroonPhone = () => `23767${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

export async function addPhones(accountId: string, phones: { phone: string; verified: boolean; alerts?: boolean }[]): Promise<void> {
  const db = await getDb();
  for (const p of phones) await db.insert(accountPhones).values({ accountId, phoneNumber: p.phone, country: "CMR", verifiedAt: p.verified ? new Date() : null, alerts: p.alerts ?? true });
}

export const newReceiptCode = () => Array.from({ length: 10 }, () => RECEIPT_ALPHABET[randomInt(0, RECEIPT_ALPHABET.length)]).join("");

/**
 * A test-mode merchant in Cameroon whose payment link (5000 XAF, « Boutique Awa ») was paid from
 * `payer`; the deposit's receipt code `code` is written where the settlement left none (null: none).
 */
export async function paidLink(payer: string, phones: { phone: string; verified: boolean; alerts?: boolean }[], code: string | null = newReceiptCode()) {
  const merchant = await newAccount("CMR");
  await addPhones(merchant.accountId, phones);
  setSandboxTransport(async () => {});
  const gateway = (await findPaymentLink((await createLink(merchant.key)).id))!;
  const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: payer.slice(3), client_token: randomUUID().replaceAll("-", "") });
  await settleDeposit(deposit.id, { status: "success", providerReference: `SBX-${deposit.id}` });
  setSandboxTransport(undefined);
  const db = await getDb();
  if (code) await db.update(deposits).set({ receiptCode: code }).where(and(eq(deposits.id, deposit.id), isNull(deposits.receiptCode)));
  else await db.update(deposits).set({ receiptCode: null }).where(eq(deposits.id, deposit.id));
  const [row] = await db.select({ receiptCode: deposits.receiptCode }).from(deposits).where(eq(deposits.id, deposit.id));
  return { ...merchant, depositId: deposit.id, code: row!.receiptCode };
}

/** The account's SMS rows: kind, recipient, status, sorted. */
export async function smsRows(accountId: string) {
  const db = await getDb();
  const rows = await db
    .select({ kind: notifications.kind, recipient: notifications.recipient, status: notifications.status, attempts: notifications.attempts })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), like(notifications.kind, "sms_%")));
  return rows.sort((a, b) => `${a.kind} ${a.recipient}`.localeCompare(`${b.kind} ${b.recipient}`));
}
