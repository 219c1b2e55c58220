import { healthOperation } from "@/lib/api/health";
import { route } from "@/lib/api/route";

// GET /healthz — liveness: 200 while the process answers; the database is not asked (see /healthz/ready)
export const GET = route(healthOperation, async () => ({ status: "ok" as const }));
