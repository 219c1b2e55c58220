import { providerCallbackOperation } from "@/lib/payments/callback-schema";
import { handleProviderCallback } from "@/lib/payments/handle-callback";
import { methodNotAllowed, route } from "@/lib/api/route";

// POST /api/providers/{provider}/callback — a provider reports an outcome (each proves it its own way)
export const POST = route(providerCallbackOperation, ({ params, req, raw, requestId }) =>
  handleProviderCallback(params.provider, req, raw, requestId),
);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
