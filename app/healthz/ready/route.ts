import { readinessOperation } from "@/lib/api/health";
import { route } from "@/lib/api/route";
import { pingDatabase } from "@/lib/db/client";

// GET /healthz/ready — readiness: 200 when the database answers, 503 at once while it is away
export const GET = route(readinessOperation, async () => {
  await pingDatabase();
  return { status: "ok" as const, database: "ok" as const };
});
