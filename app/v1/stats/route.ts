import { methodNotAllowed, route } from "@/lib/api/route";
import { getStats } from "@/lib/stats/get-stats";
import { statsOperations as op } from "@/lib/stats/schemas";

// GET /v1/stats?days=30 — payment statistics of the caller's account and mode
export const GET = route(op.get, async ({ auth, query }) => getStats(auth, query.days));

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
