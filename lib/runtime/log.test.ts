import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { providerLogs } from "@/lib/db/schema";
import { recordProviderLog } from "@/lib/providers/provider-log";
import { captureLog, log, scrub } from "./log";

// log() scrubs whatever it is given; call sites pass the error itself.

describe("scrub", () => {
  const key = `kola_live_${"A1b2_C3d4-".repeat(4)}xyz`;
  it.each([
    // phone numbers: E.164 with or without +, national, spaced, dashed
    ["deposit for 237670000000 refused", "deposit for [number] refused"],
    ["call +237 670 00 00 00 now", "call [number] now"],
    ["phone 670-00-00-00", "phone [number]"],
    ["tel:0712345678", "tel:[number]"],
    ["msisdn=254712345678&x=1", "msisdn=[number]&x=1"],
    // what is not a phone stays: short numbers, amounts, ids, dates, timestamps, too long runs
    ["amount 5000 XAF, 3 tries", "amount 5000 XAF, 3 tries"],
    ["deposit 12345678-1234-4abc-9def-123456789012 failed", "deposit 12345678-1234-4abc-9def-123456789012 failed"],
    ["TRK7Q2M9XK42345678ABCDEFGH not found", "TRK7Q2M9XK42345678ABCDEFGH not found"],
    ["at 2026-11-26 11:20:27 and 2026-11-26T11:20:27Z", "at 2026-11-26 11:20:27 and 2026-11-26T11:20:27Z"],
    ["cpm_trans_date 20261126112027", "cpm_trans_date 20261126112027"],
    ["a run of 1234567890123456789 digits", "a run of 1234567890123456789 digits"],
    // a path: its ids kept, a phone number in it hidden
    ["/v1/gateway/12345678-1234-4abc-9def-123456789012", "/v1/gateway/12345678-1234-4abc-9def-123456789012"],
    ["/v1/phones/237670000000", "/v1/phones/[number]"],
    ["/v1/phones/237-670-000-000/x", "/v1/phones/[number]/x"],
    // credentials
    [`api-key ${key} unknown`, "api-key kola_live_[hidden] unknown"],
    ["secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw= leaked", "secret whsec_[hidden] leaked"],
    ["Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig_-x", "Authorization: Bearer [hidden]"],
    ["GET /reset-password?token=abc123def&lang=fr", "GET /reset-password?token=[hidden]&lang=fr"],
    ['{"apikey":"s3cr3t","site_id":"105"}', '{"apikey":"[hidden]","site_id":"105"}'],
    ["password: must have at least 8 characters", "password: must have at least 8 characters"],
    // a database error's values
    [
      'new row for relation "deposits" violates check constraint "deposits_amount_check"\nFailing row contains (7f3c, 237670000000, Ada Lovelace, 5000).',
      'new row for relation "deposits" violates check constraint "deposits_amount_check"\nFailing row contains ([hidden]).',
    ],
    ["DETAIL: Key (phone_number)=(237670000000) already exists.", "DETAIL: Key (phone_number)=([hidden]) already exists."],
    ["Key (account_id, email)=(7f3c, ada@example.com) is not present in table", "Key (account_id, email)=([hidden]) is not present in table"],
    ["Failed query: insert into deposits values ($1, $2)\nparams: 7f3c,237670000000", "Failed query: insert into deposits values ($1, $2)\nparams: [hidden]"],
  ])("%j → %j", (text, scrubbed) => {
    expect(scrub(text)).toBe(scrubbed);
  });
});

describe("log", () => {
  it("scrubs errors and strings anywhere in its fields", async () => {
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "sellers_phone"'), {
      code: "23505",
      detail: "Key (phone)=(237670000000) already exists.",
    });
    const queryError = new Error("Failed query: select 1 where phone = $1\nparams: 237670000000", { cause: Object.assign(new Error("boom 237670000001"), { code: "22P02" }) });
    const lines = await captureLog(async () => {
      log("warn", "send failed for 237670000002", {
        error: dbError,
        nested: { attempts: [{ error: queryError, phone: "237670000003", note: "Bearer abc.def" }], count: 3 },
        text: "refused: 237 67 00 00 04",
        apikey: "s3cr3t",
      });
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    const stackless = JSON.parse(JSON.stringify(line, (k, v: unknown) => (k === "stack" || k === "time" ? undefined : v))) as unknown;
    expect(stackless).toEqual({
      level: "warn",
      msg: "send failed for [number]",
      error: { name: "Error", message: 'duplicate key value violates unique constraint "sellers_phone"', code: "23505" },
      nested: {
        attempts: [{ error: { name: "Error", message: "database query failed", code: "22P02", cause: "boom [number]" }, phone: "237*******03", note: "Bearer [hidden]" }],
        count: 3,
      },
      text: "refused: [number]",
      apikey: "[hidden]",
    });
    for (const n of ["0", "1", "2", "3"]) expect(lines[0]).not.toContain(`23767000000${n}`);
  });

  it("a string thrown is scrubbed too", async () => {
    const lines = await captureLog(async () => log("error", "failed", { error: "no wallet for 237670000000" }));
    expect((JSON.parse(lines[0]!) as { error: unknown }).error).toBe("no wallet for [number]");
  });
});

describe("the provider log", () => {
  it("never records a whole phone number or a database error's values", { timeout: 120_000 }, async () => {
    await recordProviderLog({
      provider: "pawapay",
      kind: "callback",
      operation: "POST /api/providers/pawapay/callback",
      outcome: "error: Key (phone)=(237670000005) already exists",
      request: JSON.stringify({ depositId: "12345678-1234-4abc-9def-123456789012", payer: { accountDetails: { phoneNumber: "237670000005" } }, amount: "5000" }),
      response: { failureReason: { failureMessage: "Failing row contains (x, 237670000005, 5000)." }, cel_phone_num: 670000005, note: "payer +237 670 00 00 05" },
    });
    const db = await getDb();
    const [row] = await db.select().from(providerLogs).orderBy(desc(providerLogs.createdAt)).limit(1);
    expect({ outcome: row!.outcome, request: row!.request, response: row!.response }).toEqual({
      outcome: "error: Key (phone)=([hidden]) already exists",
      request: { depositId: "12345678-1234-4abc-9def-123456789012", payer: { accountDetails: { phoneNumber: "237*******05" } }, amount: "5000" },
      response: { failureReason: { failureMessage: "Failing row contains ([hidden])." }, cel_phone_num: "670****05", note: "payer [number]" },
    });
    expect(JSON.stringify(row)).not.toMatch(/670000005|670 00 00 05/);
  });
});
