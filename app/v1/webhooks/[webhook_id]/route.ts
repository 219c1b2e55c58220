import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { presentEndpoint } from "@/lib/webhooks/present";
import { getEndpointOrThrow } from "@/lib/webhooks/queries";
import { webhookOperations as op } from "@/lib/webhooks/schemas";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";

// GET /v1/webhooks/{webhook_id} — a webhook endpoint
export const GET = route(op.get, async ({ auth, params }) => presentEndpoint(await getEndpointOrThrow(auth, params.webhook_id)));

// PATCH /v1/webhooks/{webhook_id} — change url, event_types, description or enabled
export const PATCH = route(op.update, async ({ auth, params, body }) =>
  presentEndpoint(await updateEndpoint(auth, params.webhook_id, body)),
);

// DELETE /v1/webhooks/{webhook_id} — delete an endpoint and its delivery log
export const DELETE = route(op.delete, async ({ auth, params }) => deleteEndpoint(auth, params.webhook_id));

// OPTIONS /v1/webhooks/{webhook_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH, DELETE);

export { methodNotAllowed as POST, methodNotAllowed as PUT };
