// A process that sends one POST /v1/gateway with an Idempotency-Key through the real route wrapper,
// on the database named by DATABASE_URL or DATA_DIR, and kills itself with SIGKILL part-way
// (test/http/idempotency-crash.test.ts). The crash lives here, not in production code:
//   CRASH_AT=effect  inside the handler, once the link row is written and before the answer is
//                    stored and committed (the handler of app/v1/gateway/route.ts, plus the kill)
//   CRASH_AT=answer  once app/v1/gateway/route.ts has answered (committed), before the client reads it
// Before dying it prints `backend <pid>`: the PostgreSQL session that held its transaction.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import * as collection from "@/app/v1/gateway/route";
import { getDb } from "@/lib/db/client";
import { createGateway } from "@/lib/gateways/create-gateway";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { route } from "@/lib/api/route";

process.env.LOG_LEVEL ??= "silent";

async function die(): Promise<never> {
  const db = await getDb(); // the request's transaction, when one is open
  const [row] = await db.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`);
  fs.writeSync(1, `backend ${row!.pid}\n`);
  process.kill(process.pid, "SIGKILL");
  return new Promise<never>(() => {});
}

const crashAfterEffect = route(op.create, async ({ auth, body }) => {
  await createGateway(auth, body); // the link row, written in the request's transaction
  return die();
});

const handler = process.env.CRASH_AT === "effect" ? crashAfterEffect : collection.POST;
const req = new Request("http://kola.test/v1/gateway", {
  method: "POST",
  headers: {
    "api-key": process.env.CRASH_API_KEY!,
    "idempotency-key": process.env.CRASH_IDEMPOTENCY_KEY!,
    "content-type": "application/json",
  },
  body: process.env.CRASH_BODY!,
});
await handler(req);
await die();
