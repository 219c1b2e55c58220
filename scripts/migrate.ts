// Applies the committed migrations (lib/db/migrations) to DATABASE_URL, or to the PGlite in DATA_DIR.
import { closeDb, databaseSettings, getDb } from "@/lib/db/client";
import { checkConfig } from "@/lib/runtime/config";
import { scrub } from "@/lib/runtime/log";

Promise.resolve()
  .then(() => {
    checkConfig();
    return getDb();
  })
  .then(async () => {
    const { databaseUrl, dataDir } = databaseSettings();
    process.stdout.write(`migrations applied (${databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`})\n`);
    await closeDb();
  })
  .catch((error: unknown) => {
    process.stderr.write(`migrate: ${scrub(error instanceof Error ? error.message : String(error))}\n`);
    process.exit(1);
  });
