// One round of every background job of the checkout this runs in (its working directory: the
// checkout whose jobs bench/scale/job-plans.ts explains), on DATABASE_URL, each after a marker
// statement naming it. Prints the jobs' names, one a line.
import path from "node:path";

const MARKER = "kola_scale_job_marker";

async function main(): Promise<void> {
  const root = process.cwd();
  const { getDb, closeDb } = (await import(path.join(root, "lib/db/client.ts"))) as typeof import("@/lib/db/client");
  const { JOBS } = (await import(path.join(root, "lib/jobs/registry.ts"))) as typeof import("@/lib/jobs/registry");
  const { sql } = await import("drizzle-orm");
  try {
    const db = await getDb();
    for (const job of JOBS) {
      await db.execute(sql.raw(`select '${MARKER}:${job.name}'`));
      try {
        await job.work();
      } catch (error) {
        console.error(`job ${job.name}: ${(error as Error).message}`);
      }
      console.log(job.name);
    }
  } finally {
    await closeDb();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
