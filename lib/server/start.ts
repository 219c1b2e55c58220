import { count } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { createAccount } from "@/lib/accounts/create-account";
import { dataDir, publicBaseUrl, setting } from "@/lib/runtime/config";
import { databaseSettings, getDb } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { DELIVERY_JOBS, PAYMENT_JOBS } from "@/lib/jobs/registry";
import { startJobs } from "@/lib/jobs/start";
import { inProcessWorkerEnabled } from "@/lib/webhooks/settings";
import { EXIT_CANNOT_START, stopOnSignals } from "./shutdown";

const started = globalThis as unknown as { __kolaStarted?: Promise<void> };

/**
 * Opens the database (applying migrations) once per process, starts the background work and stops
 * it all on SIGTERM/SIGINT (lib/server/shutdown.ts); in development, seeds a demo account. A server
 * that cannot start (the PGlite folder is another process's, the database is unreachable) says why
 * and exits: answering 500 to everything, /healthz included, would hide it.
 */
export function startServer(): Promise<void> {
  started.__kolaStarted ??= (async () => {
    try {
      await getDb();
    } catch (error) {
      log("error", "server cannot start", { error: error instanceof Error ? error.message : String(error) }); // the reason, read by a person: its message alone (log() scrubs it)
      process.exit(EXIT_CANNOT_START);
    }
    log("info", "database ready", { database: databaseSettings().databaseUrl ? "postgresql" : "pglite" });
    if (setting("NODE_ENV") !== "production" || setting("KOLA_DEMO")) await ensureDemoAccount();
    const jobs = startJobs([
      // the expiry sweeper, the reconciler and money out, unless KOLA_BACKGROUND=off
      ...(setting("KOLA_BACKGROUND") ? PAYMENT_JOBS : []),
      // webhook delivery and notification mails; KOLA_WORKER=off when separate `npm run worker`
      // processes deliver instead
      ...(inProcessWorkerEnabled() ? DELIVERY_JOBS : []),
    ]);
    stopOnSignals(() => jobs.stop());
  })();
  return started.__kolaStarted;
}

export const DEMO = { email: "demo@kola.test", password: "kola-demo-password", business: "Boutique Démo", country: "CMR" } as const;

/** A new user's first `npm run dev` gets a demo account; its login and test key are printed each start. */
async function ensureDemoAccount(): Promise<void> {
  const file = path.join(dataDir(), "demo-account.json");
  const db = await getDb();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(accounts);
  let apiKey: string | undefined;
  if (n === 0) {
    apiKey = (await createAccount(DEMO)).api_key;
    if (!databaseSettings().databaseUrl) fs.writeFileSync(file, JSON.stringify({ api_key: apiKey }), { mode: 0o600 });
  } else if (fs.existsSync(file)) {
    apiKey = (JSON.parse(fs.readFileSync(file, "utf8")) as { api_key?: string }).api_key;
  } else {
    return;
  }
  const lines = [
    "",
    "  Kola demo account (development only)",
    `  dashboard  ${publicBaseUrl()}/login  ${DEMO.email} / ${DEMO.password}`,
    `  test key   ${apiKey ?? "(shown when it was created)"}`,
    `  try it     curl -s -H "api-key: ${apiKey ?? "$KEY"}" -H 'content-type: application/json' \\`,
    `               -d '{"amount": 5000, "shop_name": "Ma boutique"}' ${publicBaseUrl()}/v1/gateway`,
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}
