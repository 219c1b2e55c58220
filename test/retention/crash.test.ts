import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { pruneAll } from "@/lib/retention/prune";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { keptByDefaults, moneyChecksums, seedWorld, stillThere } from "./world";

// kill -9 inside the retention job: a child process (node + tsx) runs one round of batches that
// commit, then stops inside the next batch, its rows deleted but not committed, and is killed
// there with SIGKILL. Nothing the retention keeps is gone, the batch it was in is rolled back,
// money is untouched, and the next run finishes the work.

const TIMEOUT = { timeout: 180_000 }; // a hang guard: a child process starts node + tsx, slow on a busy machine
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { retentionRound } from ${childImport("lib/retention/prune.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
const point = process.env.KOLA_CRASH_POINT;
delete process.env.KOLA_CRASH_POINT;
const first = await retentionRound({ now: new Date(job.now), batchSize: 1, pauseMs: 0 });
console.log(JSON.stringify(first.deleted));
process.env.KOLA_CRASH_POINT = point;
await retentionRound({ now: new Date(job.now), batchSize: 1, pauseMs: 0 });
console.log("finished");
process.exit(0);
`;

crashTestDatabase("kola-retention-crash-");

async function counts(tables: string[]): Promise<Record<string, number>> {
  const db = await getDb();
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown;
    out[table] = ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[])[0]!.n;
  }
  return out;
}

describe("kill -9 inside the retention job", () => {
  it("mid-batch: the batches before it stay done, its own is rolled back, nothing kept is lost, money untouched; the next run finishes", TIMEOUT, async () => {
    const now = new Date(Date.now() + 365 * 24 * 3_600_000);
    const { seeded } = await seedWorld(now);
    const tables = Object.keys(seeded);
    const money = await moneyChecksums();
    const before = await counts(tables);

    const out = await crashChildAt("retention-batch-deleted", CHILD, { now: now.toISOString() });
    const committed = JSON.parse(out.split("\n")[0]!) as Record<string, number>;
    expect(Object.keys(committed).sort()).toEqual(tables.slice().sort()); // the first round took one row of each table

    // only the first round's rows are gone: the batch the process died in deleted nothing
    const after = await counts(tables);
    expect(after).toEqual(Object.fromEntries(tables.map((table) => [table, before[table]! - committed[table]!])));
    const there = await stillThere(seeded);
    for (const [table, names] of Object.entries(keptByDefaults(seeded))) expect({ table, kept: names.filter((name) => there[table]!.includes(name)) }).toEqual({ table, kept: names });
    expect(await moneyChecksums()).toEqual(money);

    await pruneAll({ now, batchSize: 2, pauseMs: 0 });
    expect(await stillThere(seeded)).toEqual(keptByDefaults(seeded));
    expect(await moneyChecksums()).toEqual(money);
  });
});
