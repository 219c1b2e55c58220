import { methodNotAllowed, route } from "@/lib/api/route";
import { presentDelivery } from "@/lib/webhooks/present";
import { getDeliveryOrThrow } from "@/lib/webhooks/queries";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/{webhook_id}/deliveries/{delivery_id} — one delivery and its attempts
export const GET = route(op.delivery, async ({ auth, params }) =>
  presentDelivery(await getDeliveryOrThrow(auth, params.webhook_id, params.delivery_id)),
);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
