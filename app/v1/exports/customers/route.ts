import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { exportCustomers } from "@/lib/exports/export-customers";
import { csvResponse } from "@/lib/exports/respond";
import { exportOperations as op } from "@/lib/exports/schemas";

// GET /v1/exports/customers — the customer book (whole numbers, totals), as a streamed CSV
export const GET = route(op.customers, async ({ auth, query }) => csvResponse(exportCustomers(auth, query), "customers"));

// OPTIONS /v1/exports/customers — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
