import { handleProviderCallback } from "@/lib/payments/handle-callback";
import { methodNotAllowed } from "@/lib/http/route";

// POST /api/providers/{provider}/callback — a provider reports an outcome (HMAC-SHA256 signed)
export async function POST(req: Request, { params }: { params: Promise<{ provider: string }> }) {
  return handleProviderCallback((await params).provider, req);
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
