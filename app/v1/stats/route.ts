import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { getStats } from "@/lib/stats/get-stats";
import { statsOperations as op } from "@/lib/stats/schemas";

// GET /v1/stats?days=30 — payment statistics of the caller's account and mode
export const GET = route(op.get, async ({ auth, query }) => getStats(auth, query.days));

// OPTIONS /v1/stats — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
