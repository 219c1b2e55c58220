import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentDelivery } from "@/lib/webhooks/present";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend — send that event again now
export const POST = route(op.resend, async ({ auth, params }) =>
  presentDelivery(await resendDelivery(auth, params.webhook_id, params.delivery_id)),
);

// OPTIONS /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
