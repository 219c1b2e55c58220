import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as phones from "@/app/v1/account/phones/route";
import * as phone from "@/app/v1/account/phones/[phone_id]/route";
import * as verify from "@/app/v1/account/phones/[phone_id]/verify/route";
import { getDb } from "@/lib/db/client";
import { accountPhones } from "@/lib/db/schema";
import { drainNotifications } from "@/lib/notifications/rounds";
import type { OrangeSmsEmulator } from "@/test/emulators/orange-sms";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount } from "@/test/support/api";
import { ORANGE_SENDER, cameroonPhone, resetSms, startSms, stopSms } from "@/test/support/sms";

// The account's numbers for SMS over the API: a code by SMS (through the outbox and Orange's
// emulator), verified by typing it back; wrong codes, expiry, resends limited; admins only.

let orange: OrangeSmsEmulator;
beforeAll(async () => {
  orange = await startSms();
});
afterAll(() => stopSms(orange));
beforeEach(() => resetSms(orange));

async function admin() {
  const merchant = await newAccount("CMR");
  return { ...merchant, headers: await sessionHeaders(merchant.accountId) };
}

/** The code of the last SMS to `to`, sent by the notifier. */
async function codeSentTo(to: string): Promise<string> {
  await drainNotifications();
  const message = orange.messages.filter((m) => m.to === to).at(-1)!;
  expect(message).toEqual({ to, from: ORANGE_SENDER, id: expect.any(String), message: expect.stringMatching(/^Kola : votre code de vérification est \d{6}\. Il expire dans 10 minutes\. Ne le donnez à personne\.$/) });
  return /(\d{6})/.exec(message.message)![1]!;
}

const when = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe("/v1/account/phones", () => {
  it("add (national form), a code by SMS, a wrong code, the right one: verified; alerts off; listed; removed", async () => {
    const { headers } = await admin();
    const number = cameroonPhone();
    const national = `6 ${number.slice(4, 6)} ${number.slice(6, 8)} ${number.slice(8, 10)} ${number.slice(10)}`;
    const added = await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: national } });
    expect(added).toMatchObject({ status: 200 });
    const id = (added.body as { id: string }).id;
    expect(added.body).toEqual({ id, phone_number: number, country: "CMR", verified_at: null, alerts: true, code_sent_at: when, created_at: when });
    const code = await codeSentTo(number);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await call(verify.POST, "POST", `/v1/account/phones/${id}/verify`, { headers, json: { code: wrong } });
    expect([refused.status, refused.body]).toEqual([400, { detail: { type: "PHONE_CODE_INVALID", message: "This code is not the one we sent: check the SMS and try again" } }]);
    const verified = await call(verify.POST, "POST", `/v1/account/phones/${id}/verify`, { headers, json: { code } });
    expect([verified.status, verified.body]).toEqual([200, { id, phone_number: number, country: "CMR", verified_at: when, alerts: true, code_sent_at: null, created_at: when }]);
    const quiet = await call(phone.PATCH, "PATCH", `/v1/account/phones/${id}`, { headers, json: { alerts: false } });
    expect(quiet.body).toMatchObject({ id, alerts: false });
    const list = await call(phones.GET, "GET", "/v1/account/phones", { headers });
    expect([list.status, list.body]).toEqual([200, { sms: "orange", data: [quiet.body] }]);
    // adding a verified number again sends nothing
    const again = await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${number}` } });
    await drainNotifications();
    expect([again.body, orange.messages.length]).toEqual([quiet.body, 1]);
    const removed = await call(phone.DELETE, "DELETE", `/v1/account/phones/${id}`, { headers });
    expect([removed.status, removed.body]).toEqual([200, { id, deleted: true }]);
    const gone = await call(phone.DELETE, "DELETE", `/v1/account/phones/${id}`, { headers });
    expect([gone.status, gone.body]).toEqual([404, { detail: { type: "PHONE_NOT_FOUND", message: "Phone number not found" } }]);
  });

  it("a code works 5 tries and 10 minutes; the code is stored hashed, never in clear", async () => {
    const { headers } = await admin();
    const number = cameroonPhone();
    const id = ((await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${number}` } })).body as { id: string }).id;
    const code = await codeSentTo(number);
    const db = await getDb();
    const [row] = await db.select().from(accountPhones).where(eq(accountPhones.id, id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    const types = [];
    for (let i = 0; i < 6; i++) types.push(((await call(verify.POST, "POST", `/v1/account/phones/${id}/verify`, { headers, json: { code: i < 5 ? wrong : code } })).body as { detail: { type: string } }).detail.type);
    expect(types).toEqual(["PHONE_CODE_INVALID", "PHONE_CODE_INVALID", "PHONE_CODE_INVALID", "PHONE_CODE_INVALID", "PHONE_CODE_INVALID", "PHONE_CODE_EXPIRED"]);
    // a new code, 11 minutes old
    await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${number}` } });
    const fresh = await codeSentTo(number);
    await db.update(accountPhones).set({ codeSentAt: sql`now() - interval '11 minutes'` }).where(eq(accountPhones.id, id));
    const late = await call(verify.POST, "POST", `/v1/account/phones/${id}/verify`, { headers, json: { code: fresh } });
    expect([late.status, (late.body as { detail: { type: string } }).detail.type]).toEqual([400, "PHONE_CODE_EXPIRED"]);
  });

  it("resends are limited: the 4th code within an hour to one number is 429 with Retry-After", async () => {
    const { headers } = await admin();
    const number = cameroonPhone();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${number}` } })).status);
    const limited = await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${number}` } });
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect([limited.status, Number(limited.headers.get("retry-after")) > 0]).toEqual([429, true]);
    await drainNotifications();
    expect(orange.messages.filter((m) => m.to === number).length).toBe(3);
  });

  it("not a mobile number: 422; SMS off on this server: 503 and the list says so; a developer: 403", async () => {
    const { accountId, headers } = await admin();
    const invalid = await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: "12345678" } });
    expect([invalid.status, (invalid.body as { detail: { loc: string[] }[] }).detail[0]!.loc]).toEqual([422, ["body", "phone_number"]]);
    process.env.SMS_PROVIDER = "off";
    try {
      const off = await call(phones.POST, "POST", "/v1/account/phones", { headers, json: { phone_number: `+${cameroonPhone()}` } });
      expect([off.status, off.body]).toEqual([503, { detail: { type: "SMS_UNAVAILABLE", message: "SMS is off on this server: no SMS provider is configured" } }]);
      expect((await call(phones.GET, "GET", "/v1/account/phones", { headers })).body).toEqual({ sms: "off", data: [] });
    } finally {
      process.env.SMS_PROVIDER = "orange";
    }
    const developer = await addMember(accountId, "developer");
    const refused = await call(phones.GET, "GET", "/v1/account/phones", { headers: await sessionHeaders(accountId, developer.userId) });
    expect([refused.status, (refused.body as { detail: { type: string } }).detail.type]).toEqual([403, "INSUFFICIENT_ROLE"]);
  });
});
