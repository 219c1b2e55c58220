import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentDeliveryDetail } from "@/lib/webhooks/present";
import { getDeliveryOrThrow } from "@/lib/webhooks/queries";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/{webhook_id}/deliveries/{delivery_id} — one delivery, its attempts and the bodies sent and received
export const GET = route(op.delivery, async ({ auth, params }) =>
  presentDeliveryDetail(await getDeliveryOrThrow(auth, params.webhook_id, params.delivery_id)),
);

// OPTIONS /v1/webhooks/{webhook_id}/deliveries/{delivery_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
