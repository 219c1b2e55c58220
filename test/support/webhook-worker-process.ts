// A webhook worker in a process of its own, for lib/webhooks/worker-crash.test.ts, which kills it
// with SIGKILL mid-delivery. Opens DATABASE_URL (or the PGlite folder DATA_DIR) and delivers with
// the default settings, one lane.
import { getDb } from "@/lib/db/client";
import { createWebhookWorker } from "./webhook-worker";

await getDb();
createWebhookWorker({ lanes: 1 }).start();
