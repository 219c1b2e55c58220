import { sql } from "drizzle-orm";
import { healthOperation } from "@/lib/api/health";
import { getDb } from "@/lib/db/client";
import { route } from "@/lib/api/route";

// GET /healthz — 200 when the server and its database answer
export const GET = route(healthOperation, async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { status: "ok", database: "ok" };
});
