import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { depositProviderLog, providerOperations as op } from "@/lib/providers/dashboard";

// GET /v1/deposits/{track_id}/provider-log — every exchange with the provider about a deposit
export const GET = route(op.depositLog, async ({ auth, params }) => depositProviderLog(auth, params.track_id));

// OPTIONS /v1/deposits/{track_id}/provider-log — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
