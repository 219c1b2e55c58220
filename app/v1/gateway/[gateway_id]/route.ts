import { archiveGateway } from "@/lib/gateways/archive-gateway";
import { presentOwnerView, presentView } from "@/lib/gateways/present";
import { getGatewayWithStatusOrThrow, getPublicGatewayOrThrow } from "@/lib/gateways/queries";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { updateGateway } from "@/lib/gateways/update-gateway";
import { authenticate } from "@/lib/accounts/authenticate";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/gateway/{gateway_id} — a payment link, public (no api-key); the owner's read (archived ones too) with include=payment_status
export const GET = route(op.get, async ({ req, params, query }) =>
  query.include === "payment_status"
    ? presentOwnerView(await getGatewayWithStatusOrThrow(await authenticate(req), params.gateway_id))
    : presentView(await getPublicGatewayOrThrow(params.gateway_id)),
);

// PUT /v1/gateway/{gateway_id} — update the fields sent
export const PUT = route(op.update, async ({ auth, params, body }) =>
  presentView(await updateGateway(auth, params.gateway_id, body)),
);

// DELETE /v1/gateway/{gateway_id} — archive a payment link
export const DELETE = route(op.archive, async ({ auth, params }) => archiveGateway(auth, params.gateway_id));

// OPTIONS /v1/gateway/{gateway_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PUT, DELETE);

export { methodNotAllowed as POST, methodNotAllowed as PATCH };
