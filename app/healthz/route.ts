import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { defineOperation } from "@/lib/http/operation";
import { route } from "@/lib/http/route";
import { z } from "zod";

const health = defineOperation({
  method: "GET",
  path: "/healthz",
  tag: "Health",
  summary: "Liveness and database reachability",
  auth: "none",
  response: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
  errors: ["INTERNAL_ERROR"],
});

// GET /healthz — 200 when the server and its database answer
export const GET = route(health, async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { status: "ok", database: "ok" };
});
