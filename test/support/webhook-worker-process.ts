// A webhook worker in a process of its own, for lib/webhooks/worker-crash.test.ts, which kills it
// with SIGKILL mid-delivery. Opens DATABASE_URL (or the PGlite folder DATA_DIR) and delivers with
// one lane, the default settings but for those given as JSON in KOLA_TEST_WEBHOOK_OPTIONS.
import { getDb } from "@/lib/db/client";
import type { WorkerOptions } from "@/lib/webhooks/rounds";
import { createWebhookWorker } from "./webhook-worker";

const options = JSON.parse(process.env.KOLA_TEST_WEBHOOK_OPTIONS || "{}") as WorkerOptions;
await getDb();
createWebhookWorker({ ...options, lanes: 1 }).start();
