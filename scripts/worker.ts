// Background work as its own process (DESIGN §8, §10): `npm run worker` delivers webhooks and
// notification mails and, unless KOLA_BACKGROUND=off, runs the payment expiry sweeper, reconciler
// and money out too; `npm run worker -- <job> [<job>…]` runs only the jobs named
// (lib/jobs/registry.ts lists them). For PostgreSQL deployments (DATABASE_URL): embedded PGlite
// cannot be opened by a second process, so with PGlite the server's own jobs do this work. Run any
// number of these; start the web processes with KOLA_WORKER=off if only these should deliver.
// SIGTERM/SIGINT stop it cleanly.
import { closeDb, databaseSettings, getDb } from "@/lib/db/client";
import { checkConfig, setting } from "@/lib/runtime/config";
import { log, scrub } from "@/lib/runtime/log";
import type { JobName } from "@/lib/runtime/wake";
import { DELIVERY_JOBS, jobsNamed, PAYMENT_JOBS } from "@/lib/jobs/registry";
import { startJobs } from "@/lib/jobs/start";
import { workerLanes } from "@/lib/webhooks/settings";

/** The jobs named on the command line, or else the default set; an unknown name ends the process. */
function selectedJobs(): JobName[] {
  const args = process.argv.slice(2);
  if (!args.length) return [...DELIVERY_JOBS, ...(setting("KOLA_BACKGROUND") ? PAYMENT_JOBS : [])];
  try {
    return jobsNamed(args);
  } catch (error) {
    process.stderr.write(`worker: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  checkConfig(); // a bad setting stops the worker here, naming it
  const names = selectedJobs();
  if (!databaseSettings().databaseUrl) {
    process.stderr.write(
      "worker: set DATABASE_URL. With the embedded database (PGlite) only one process can open DATA_DIR, " +
        "and the server already delivers webhooks itself.\n",
    );
    process.exit(2);
  }
  await getDb(); // applies pending migrations, as the server does
  const jobs = startJobs(names);
  const payments = PAYMENT_JOBS.some((name) => names.includes(name));
  log("info", "worker started", { jobs: names, lanes: workerLanes(), payments });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "worker stopping", { signal });
    await jobs.stop();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch(async (error: unknown) => {
  process.stderr.write(`worker: ${scrub(error instanceof Error ? error.message : String(error))}\n`);
  await closeDb().catch(() => {});
  process.exit(1);
});
