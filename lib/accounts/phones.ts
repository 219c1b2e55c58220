import "server-only";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { parsePhone } from "@/lib/countries/phones";
import { countryLanguage, type CountryIso3 } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { accountPhones, notifications } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { hit, type Limit } from "@/lib/http/rate-limit";
import { log, maskPhone } from "@/lib/runtime/log";
import { wakeJob } from "@/lib/runtime/wake";
import { setting } from "@/lib/runtime/config";
import { smsEnabled } from "@/lib/sms";
import { phoneCodeSms } from "@/lib/sms/words";
import type { Auth } from "@/lib/core/auth";
import { PHONE_CODE_MINUTES, PHONE_CODE_TRIES, PHONE_LIMIT, type accountPhone, type addPhoneBody, type updatePhoneBody } from "./phone-schemas";

// The account's numbers for SMS: added with a 6-digit code sent by SMS, verified by typing it back.
// The code is kept as sha256(salt + code) with a salt of its own row's (16 random bytes), never in
// clear; it works 10 minutes and 5 tries. The SMS goes through the notifier's outbox (a row of
// `notifications`, kind `sms_phone_code`, written with the code in one transaction), not straight
// to Orange from the request: it is then sent at most once like every other SMS, retried when
// Orange provably took nothing, and a slow Orange never holds the request (wakeJob sends it now).

export const phoneLimits = {
  number: { name: "phone-code-number", max: 3, windowMs: 60 * 60_000 },
  account: { name: "phone-code-account", max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

type Row = typeof accountPhones.$inferSelect;

function present(row: Row): z.output<typeof accountPhone> {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    country: row.country as CountryIso3,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    alerts: row.alerts,
    code_sent_at: row.codeSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const hashCode = (salt: string, code: string) => createHash("sha256").update(`${salt}:${code}`).digest("base64url");

function codeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split(".");
  if (!salt || !expected) return false;
  const given = Buffer.from(hashCode(salt, code));
  const want = Buffer.from(expected);
  return given.length === want.length && timingSafeEqual(given, want);
}

export async function listPhones(auth: Auth) {
  const db = await getDb();
  const rows = await db.select().from(accountPhones).where(eq(accountPhones.accountId, auth.accountId)).orderBy(asc(accountPhones.createdAt), asc(accountPhones.id));
  return { sms: setting("SMS_PROVIDER"), data: rows.map(present) };
}

/** Adds a number (or sends a new code to one not verified yet): its code goes out by SMS. */
export async function addPhone(auth: Auth, body: z.output<typeof addPhoneBody>) {
  if (!smsEnabled()) throw new ApiError("SMS_UNAVAILABLE");
  const international = /^(\+|00)/.test(body.phone_number);
  const phone = parsePhone(body.phone_number, international ? undefined : ((body.country ?? auth.country) as CountryIso3));
  if (!phone) throw new ValidationError([valueError(["body", "phone_number"], "not a mobile number of a supported country")]);
  const db = await getDb();
  const [existing] = await db
    .select()
    .from(accountPhones)
    .where(and(eq(accountPhones.accountId, auth.accountId), eq(accountPhones.phoneNumber, phone.digits)));
  if (existing?.verifiedAt) return present(existing);
  if (!existing) {
    const [{ n }] = (await db.select({ n: count() }).from(accountPhones).where(eq(accountPhones.accountId, auth.accountId))) as [{ n: number }];
    if (n >= PHONE_LIMIT) throw new ApiError("PHONE_LIMIT_REACHED");
  }
  // counted only for the codes sent: the number first, so that one number retried does not spend the account's
  await hit(phoneLimits.number, `${auth.accountId} ${phone.digits}`);
  await hit(phoneLimits.account, auth.accountId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("base64url");
  const codeHash = `${salt}.${hashCode(salt, code)}`;
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(accountPhones)
      .values({ accountId: auth.accountId, phoneNumber: phone.digits, country: phone.country, codeHash, codeSentAt: sql`now()`, codeAttempts: 0 })
      .onConflictDoUpdate({
        target: [accountPhones.accountId, accountPhones.phoneNumber],
        set: { codeHash, codeSentAt: sql`now()`, codeAttempts: 0 },
        setWhere: sql`${accountPhones.verifiedAt} is null`,
      })
      .returning();
    // verified in between by another request: nothing to send
    if (!saved) return null;
    const language = countryLanguage(auth.country);
    await tx.insert(notifications).values({
      accountId: auth.accountId,
      mode: auth.mode,
      kind: "sms_phone_code",
      userId: auth.userId,
      recipient: phone.digits,
      language,
      subject: "",
      text: phoneCodeSms(language, code),
    });
    return saved;
  });
  if (!row) return present((await findPhone(auth, existing!.id))!);
  log("info", "phone code queued", { account_id: auth.accountId, phone: maskPhone(phone.digits) });
  wakeJob("notifier");
  return present(row);
}

async function findPhone(auth: Auth, id: string): Promise<Row | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(accountPhones).where(and(eq(accountPhones.id, id), eq(accountPhones.accountId, auth.accountId)));
  return row;
}

/** Checks the code; a wrong one counts as a try, committed before the 400. */
export async function verifyPhone(auth: Auth, id: string, code: string) {
  const db = await getDb();
  const outcome: { row: Row } | { error: "PHONE_NOT_FOUND" | "PHONE_CODE_EXPIRED" | "PHONE_CODE_INVALID" } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: accountPhones, old: sql<boolean>`${accountPhones.codeSentAt} < now() - make_interval(mins => ${PHONE_CODE_MINUTES})` })
      .from(accountPhones)
      .where(and(eq(accountPhones.id, id), eq(accountPhones.accountId, auth.accountId)))
      .for("update");
    if (!found) return { error: "PHONE_NOT_FOUND" as const };
    const { row, old } = found;
    if (row.verifiedAt) return { row };
    if (!row.codeHash || !row.codeSentAt || old || row.codeAttempts >= PHONE_CODE_TRIES) return { error: "PHONE_CODE_EXPIRED" as const };
    if (!codeMatches(row.codeHash!, code)) {
      await tx.update(accountPhones).set({ codeAttempts: sql`${accountPhones.codeAttempts} + 1` }).where(eq(accountPhones.id, row.id));
      return { error: "PHONE_CODE_INVALID" as const };
    }
    const [verified] = await tx
      .update(accountPhones)
      .set({ verifiedAt: sql`now()`, codeHash: null, codeSentAt: null, codeAttempts: 0 })
      .where(eq(accountPhones.id, row.id))
      .returning();
    return { row: verified! };
  });
  if ("error" in outcome) throw new ApiError(outcome.error);
  return present(outcome.row);
}

export async function updatePhone(auth: Auth, id: string, body: z.output<typeof updatePhoneBody>) {
  const db = await getDb();
  const [row] = await db
    .update(accountPhones)
    .set({ alerts: body.alerts })
    .where(and(eq(accountPhones.id, id), eq(accountPhones.accountId, auth.accountId)))
    .returning();
  if (!row) throw new ApiError("PHONE_NOT_FOUND");
  return present(row);
}

export async function removePhone(auth: Auth, id: string) {
  const db = await getDb();
  const [row] = await db
    .delete(accountPhones)
    .where(and(eq(accountPhones.id, id), eq(accountPhones.accountId, auth.accountId)))
    .returning({ id: accountPhones.id });
  if (!row) throw new ApiError("PHONE_NOT_FOUND");
  return { id: row.id, deleted: true as const };
}
