import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { providerOperations as op, providersOverviewFor } from "@/lib/providers/dashboard";

// GET /v1/providers — live providers: configuration, health, operators available now, alerts
export const GET = route(op.overview, async ({ auth }) => providersOverviewFor(auth));

// OPTIONS /v1/providers — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
