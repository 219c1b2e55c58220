import { waitForSummary } from "@/lib/payment-requests/queries";
import { paymentRequestOperations as op } from "@/lib/payment-requests/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/payment-requests/summary — a day's paid requests and their total, per collector; ?wait=N&version=V holds it until it changes
export const GET = route(op.summary, async ({ auth, query }) => waitForSummary(auth, query.day, query.wait, query.version));

// OPTIONS /v1/payment-requests/summary — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
