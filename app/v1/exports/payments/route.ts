import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { exportPayments } from "@/lib/exports/export-payments";
import { csvResponse } from "@/lib/exports/respond";
import { exportOperations as op } from "@/lib/exports/schemas";

// GET /v1/exports/payments — every payment attempt of a date range, as a streamed CSV
export const GET = route(op.payments, async ({ auth, query }) => csvResponse(exportPayments(auth, query), "payments", query));

// OPTIONS /v1/exports/payments — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
