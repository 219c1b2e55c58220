import { presentOwnerView } from "@/lib/gateways/present";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { unarchiveGateway } from "@/lib/gateways/unarchive-gateway";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/gateway/{gateway_id}/unarchive — put an archived payment link back
export const POST = route(op.unarchive, async ({ auth, params }) => presentOwnerView(await unarchiveGateway(auth, params.gateway_id)));

// OPTIONS /v1/gateway/{gateway_id}/unarchive — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
