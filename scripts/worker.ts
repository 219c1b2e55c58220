// Background work as its own process (DESIGN §8, §10): `npm run worker`. It delivers webhooks and
// notification mails and,
// unless KOLA_BACKGROUND=off, runs the payment expiry sweeper and reconciler too. For PostgreSQL
// deployments (DATABASE_URL): embedded PGlite cannot be opened by a second process, so with PGlite
// the server's own in-process worker does this work. Run any number of these; start the web
// processes with KOLA_WORKER=off if only these should deliver. SIGTERM/SIGINT stop it cleanly.
import { closeDb, databaseSettings, getDb } from "@/lib/db/client";
import { checkConfig } from "@/lib/runtime/config";
import { log, scrub } from "@/lib/runtime/log";
import { startNotifier } from "@/lib/notifications/worker";
import { startBackgroundWork } from "@/lib/payments/background";
import { workerLanes } from "@/lib/webhooks/settings";
import { createWebhookWorker } from "@/lib/webhooks/worker";

async function main(): Promise<void> {
  checkConfig(); // a bad setting stops the worker here, naming it
  if (!databaseSettings().databaseUrl) {
    process.stderr.write(
      "worker: set DATABASE_URL. With the embedded database (PGlite) only one process can open DATA_DIR, " +
        "and the server already delivers webhooks itself.\n",
    );
    process.exit(2);
  }
  await getDb(); // applies pending migrations, as the server does
  const webhooks = createWebhookWorker();
  webhooks.start();
  const notifier = startNotifier(); // notification mails
  const background = process.env.KOLA_BACKGROUND === "off" ? null : startBackgroundWork();
  log("info", "worker started", { lanes: workerLanes(), payments: Boolean(background) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "worker stopping", { signal });
    await Promise.all([webhooks.stop(), background?.stop(), notifier.stop()]);
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
