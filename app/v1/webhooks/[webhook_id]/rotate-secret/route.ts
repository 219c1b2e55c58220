import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentEndpointWithSecret } from "@/lib/webhooks/present";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/{webhook_id}/rotate-secret — a new signing secret (the old one signs 24 h more)
export const POST = route(op.rotate_secret, async ({ auth, params }) =>
  presentEndpointWithSecret(await rotateSecret(auth, params.webhook_id)),
);

// OPTIONS /v1/webhooks/{webhook_id}/rotate-secret — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
