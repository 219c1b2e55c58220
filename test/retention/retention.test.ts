import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { configProblems } from "@/lib/runtime/config";
import { randomBytes } from "node:crypto";
import { JOBS } from "@/lib/jobs/registry";
import { rateLimits } from "@/lib/db/schema";
import { pruneAll, retentionRound, type RetentionRound } from "@/lib/retention/prune";
import { keptByDefaults, moneyChecksums, seedWorld, stillThere } from "./world";

// The retention job against the test's clock: rows are dated against `now`, a year ahead, and the
// job is given that `now` (nothing waits). Money tables are compared whole before and after.

const YEAR = 365 * 24 * 3_600_000;
const later = (years: number) => new Date(Date.now() + years * YEAR);

async function count(table: string): Promise<number> {
  const result = (await (await getDb()).execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown;
  return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[])[0]!.n;
}

const SETTINGS = ["RETENTION_PROVIDER_LOG_DAYS", "RETENTION_WEBHOOK_ATTEMPT_DAYS", "RETENTION_IDEMPOTENCY_KEY_HOURS", "RETENTION_SESSION_DAYS", "RETENTION_EMAIL_TOKEN_DAYS"];
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
});

describe("the retention job", () => {
  it("deletes, in batches, what is past its retention and nothing a payment, a mail or a promise still needs; money is untouched", async () => {
    const now = later(1);
    const { seeded } = await seedWorld(now);
    const money = await moneyChecksums();
    const before = Object.fromEntries(await Promise.all(Object.keys(seeded).map(async (table) => [table, await count(table)] as const)));

    const first = await retentionRound({ now, batchSize: 1, pauseMs: 0 });
    expect(first.more).toBe(true); // one row per table and round: the rest waits for the next rounds
    const rest = await pruneAll({ now, batchSize: 1, pauseMs: 0 });

    expect(await stillThere(seeded)).toEqual(keptByDefaults(seeded));
    expect(await moneyChecksums()).toEqual(money);
    // the job's counts are what left each table (the flows' own old rows included: rate-limit windows)
    for (const [table, n] of Object.entries(before)) {
      expect({ table, deleted: (first.deleted[table] ?? 0) + (rest[table] ?? 0) }).toEqual({ table, deleted: n - (await count(table)) });
    }
    expect(await pruneAll({ now, batchSize: 1, pauseMs: 0 })).toEqual({}); // nothing left to do
  });

  it("keeps a table forever when its retention is 0, and never drops an Idempotency-Key inside its 24 h", async () => {
    const now = later(2);
    const { seeded } = await seedWorld(now);
    Object.assign(process.env, { RETENTION_PROVIDER_LOG_DAYS: "0", RETENTION_WEBHOOK_ATTEMPT_DAYS: "0", RETENTION_IDEMPOTENCY_KEY_HOURS: "0", RETENTION_SESSION_DAYS: "0", RETENTION_EMAIL_TOKEN_DAYS: "0" });
    await pruneAll({ now, pauseMs: 0 });
    const all = (table: string) => Object.keys(seeded[table]!);
    const alive = (table: string, names: string[]) => all(table).filter((name) => names.includes(name));
    expect(await stillThere(seeded)).toEqual({
      ...keptByDefaults(seeded),
      provider_logs: all("provider_logs"),
      webhook_attempts: all("webhook_attempts"),
      idempotency_keys: all("idempotency_keys"),
      // sessions and mailed links: deleted as soon as they expired
      sessions: alive("sessions", ["alive"]),
      email_tokens: alive("email_tokens", ["alive"]),
      invitations: alive("invitations", ["accepted, expired 30 days ago"]),
    });
    expect(
      ["12", "23", "24", "0", "48", "-1", "1.5"].map((hours) => ({ hours, problems: configProblems({ RETENTION_IDEMPOTENCY_KEY_HOURS: hours }) })),
    ).toEqual([
      { hours: "12", problems: ["RETENTION_IDEMPOTENCY_KEY_HOURS must be a whole number of hours, 24 or more (0: keep forever)"] },
      { hours: "23", problems: ["RETENTION_IDEMPOTENCY_KEY_HOURS must be a whole number of hours, 24 or more (0: keep forever)"] },
      { hours: "24", problems: [] },
      { hours: "0", problems: [] },
      { hours: "48", problems: [] },
      { hours: "-1", problems: ["RETENTION_IDEMPOTENCY_KEY_HOURS must be a whole number of hours, 24 or more (0: keep forever)"] },
      { hours: "1.5", problems: ["RETENTION_IDEMPOTENCY_KEY_HOURS must be a whole number of hours, 24 or more (0: keep forever)"] },
    ]);
  });

  it("run by two processes at once: each row deleted once, the same rows kept, money untouched", async () => {
    const now = later(3);
    const { seeded } = await seedWorld(now);
    const money = await moneyChecksums();
    const before = Object.fromEntries(await Promise.all(Object.keys(seeded).map(async (table) => [table, await count(table)] as const)));
    const [a, b] = await Promise.all([pruneAll({ now, batchSize: 1, pauseMs: 0 }), pruneAll({ now, batchSize: 1, pauseMs: 0 })]);
    const deleted = (table: string) => (a[table] ?? 0) + (b[table] ?? 0);
    expect(await stillThere(seeded)).toEqual(keptByDefaults(seeded));
    expect(await moneyChecksums()).toEqual(money);
    // what the two say they deleted is what left each table: no row counted twice, none lost on the way
    for (const [table, n] of Object.entries(before)) {
      expect({ table, deleted: deleted(table) }).toEqual({ table, deleted: n - (await count(table)) });
    }
  });

  it("is the registry's `retention` job: a round on the database's clock, again at once while a batch was full", async () => {
    const job = JOBS.find((j) => j.name === "retention")!;
    const db = await getDb();
    const key = `test:${randomBytes(4).toString("hex")}`;
    await db.insert(rateLimits).values([
      { key: `${key}:ended`, count: 1, resetAt: new Date(Date.now() - 60_000) },
      { key: `${key}:running`, count: 1, resetAt: new Date(Date.now() + 3_600_000) },
    ]);
    const round = (await job.work()) as RetentionRound;
    const left = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith(key));
    expect({ left, more: round.more, every: job.every() }).toEqual({ left: [`${key}:running`], more: false, every: 600_000 });
    expect([job.again!({ deleted: {}, more: true }), job.again!({ deleted: {}, more: false })]).toEqual([true, false]);
  });
});
