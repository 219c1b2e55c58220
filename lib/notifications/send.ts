import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import { log, scrub } from "@/lib/runtime/log";
import { sendMail } from "@/lib/mail/send-mail";
import { crashPoint } from "@/lib/runtime/crash-point";
import { SmsError, smsSender } from "@/lib/sms";

// The notifier's second half: each mail, and each SMS (kinds `sms_*`, through lib/sms), is sent at most once. A worker claims one mail
// (`pending` → `sending`, committed) before it talks to the SMTP server, and a claimed mail is never
// claimed again: a crash, or an answer lost after the message was handed over, leaves it `sending`,
// then `unknown`, never sent twice. Only a failure that provably handed nothing over (no connection,
// refused before the message, or refused by the server's own answer) is tried again, later.

export const MAX_ATTEMPTS = 5;
/** A mail `sending` for longer than this lost its sender (the SMTP client gives up well before). */
export const STUCK_AFTER_SECONDS = 15 * 60;

type SmtpError = Error & { code?: string; responseCode?: number; syscall?: string };

/**
 * What a failed send means: try again later (nothing was delivered), failed for good, or unknown.
 * Nothing was delivered when the server said no (a 4xx or 5xx answer, whatever the step), when the
 * login or the envelope was refused, or when no connection was ever made. Anything else (the
 * connection closed or timed out, which nodemailer reports as `CONN` even after the message was
 * sent whole) may have delivered it: unknown, never sent again.
 */
export function outcomeOf(error: unknown, attempts: number): { status: "pending" | "failed" | "unknown"; retryInSeconds?: number } {
  const e = error as SmtpError;
  const answered = typeof e.responseCode === "number" && e.responseCode >= 400;
  const neverConnected = e.syscall === "connect" || e.syscall === "getaddrinfo";
  const nothingSent = answered || neverConnected || ["EDNS", "EAUTH", "EENVELOPE"].includes(e.code ?? "");
  if (!nothingSent) return { status: "unknown" };
  // a 5xx is the server's final no; a 4xx or no connection may pass later
  if ((answered && e.responseCode! >= 500) || attempts >= MAX_ATTEMPTS) return { status: "failed" };
  return { status: "pending", retryInSeconds: 30 * 4 ** (attempts - 1) }; // 30 s, 2 min, 8 min, 32 min
}

/**
 * The same for an SMS (lib/sms: SmsError says whether anything was handed over). Refused with an
 * answer or never connected: tried again later, unless the refusal is final (no credit, an invalid
 * number: failed). A timeout or a connection lost after the request was written: unknown, never
 * sent again (Orange takes no idempotency key: a second try could text the person twice).
 */
export function smsOutcomeOf(error: unknown, attempts: number): { status: "pending" | "failed" | "unknown"; retryInSeconds?: number } {
  if (!(error instanceof SmsError) || error.handedOver === "unknown") return { status: "unknown" };
  if (error.final || attempts >= MAX_ATTEMPTS) return { status: "failed" };
  return { status: "pending", retryInSeconds: 30 * 4 ** (attempts - 1) };
}

/** Hands one claimed row to its carrier: an SMS to the SMS sender, anything else to SMTP. */
async function deliver(row: typeof notifications.$inferSelect): Promise<void> {
  if (!row.kind.startsWith("sms_")) {
    await sendMail({ to: row.recipient, subject: row.subject, text: row.text });
    return;
  }
  const sender = smsSender();
  // SMS turned off since the row was written: nothing is sent, for good
  if (!sender) throw new SmsError("SMS is off on this server (SMS_PROVIDER)", "no", true);
  await sender.send(row.recipient, row.text);
}

/** Claims the next due mail, or null: committed before anything is sent. */
async function claim() {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, "pending"), lte(notifications.nextAttemptAt, sql`now()`)))
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(notifications)
      .set({ status: "sending", claimedAt: sql`now()`, attempts: sql`${notifications.attempts} + 1` })
      .where(and(eq(notifications.id, due.id), eq(notifications.status, "pending")))
      .returning();
    return row ?? null;
  });
}

/** Sends due mails, one claim at a time, until none is due; how many were tried. */
export async function sendDueNotifications(max = 50): Promise<number> {
  let tried = 0;
  for (; tried < max; tried++) {
    const row = await claim();
    if (!row) break;
    await crashPoint("notification-claimed");
    let set: Partial<typeof notifications.$inferInsert>;
    try {
      await deliver(row);
      set = { status: "sent", sentAt: sql`now()` as unknown as Date, error: null };
    } catch (error) {
      const outcome = row.kind.startsWith("sms_") ? smsOutcomeOf(error, row.attempts) : outcomeOf(error, row.attempts);
      const message = scrub(error instanceof Error ? error.message : String(error)).slice(0, 500);
      set = { status: outcome.status, error: message };
      if (outcome.retryInSeconds) set.nextAttemptAt = sql`now() + make_interval(secs => ${outcome.retryInSeconds})` as unknown as Date;
      log(outcome.status === "pending" ? "warn" : "error", "notification not sent", { id: row.id, kind: row.kind, status: outcome.status, error });
    }
    await crashPoint("notification-sent");
    const db = await getDb();
    await db
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, row.id), eq(notifications.status, "sending")));
  }
  return tried;
}

/**
 * Mails whose sender died while `sending` become `unknown` (they may have left: never sent again);
 * mails done with are forgotten after 30 days (they hold people's addresses).
 */
export async function tidyNotifications(): Promise<void> {
  const db = await getDb();
  await db
    .update(notifications)
    .set({ status: "unknown", error: "the sender stopped before recording the outcome" })
    .where(and(eq(notifications.status, "sending"), lte(notifications.claimedAt, sql`now() - make_interval(secs => ${STUCK_AFTER_SECONDS})`)));
  // oldest first through notifications_done_idx (the statuses spelled as that index's condition says
  // them, so a prepared plan still matches it): a round reads the rows it deletes, not the table
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(sql`${notifications.status} in ('sent', 'failed', 'unknown')`, lte(notifications.createdAt, sql`now() - interval '30 days'`)))
    .orderBy(notifications.createdAt)
    .limit(1000);
  await db.delete(notifications).where(inArray(notifications.id, old));
}
