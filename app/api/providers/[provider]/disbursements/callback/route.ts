import { disbursementCallbackOperation } from "@/lib/payments/callback-schema";
import { handleDisbursementCallback } from "@/lib/money-out/handle-callback";
import { methodNotAllowed, route } from "@/lib/api/route";

// POST /api/providers/{provider}/disbursements/callback — a provider reports a payout's or refund's outcome
export const POST = route(disbursementCallbackOperation, ({ params, req, raw }) => handleDisbursementCallback(params.provider, req, raw));

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
