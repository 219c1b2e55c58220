// `npm run ledger:check`: recomputes every balance from the ledger's postings and reports any
// difference (lib/ledger/check.ts). Exit 0 when the books agree, 1 when they do not, 2 on error.
// Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: one process at a time).
import { closeDb } from "@/lib/db/client";
import { checkConfig } from "@/lib/runtime/config";
import { scrub } from "@/lib/runtime/log";
import { checkLedger } from "@/lib/ledger/check";

async function main(): Promise<void> {
  checkConfig();
  const problems = await checkLedger();
  await closeDb();
  for (const problem of problems) process.stdout.write(`${JSON.stringify(problem)}\n`);
  process.stdout.write(problems.length ? `ledger:check: ${problems.length} difference(s)\n` : "ledger:check: the books agree\n");
  process.exit(problems.length ? 1 : 0);
}

main().catch(async (error: unknown) => {
  process.stderr.write(`ledger:check: ${scrub(error instanceof Error ? error.message : String(error))}\n`);
  await closeDb().catch(() => {});
  process.exit(2);
});
