import { handleProviderReturn } from "@/lib/payments/provider-return";
import { methodNotAllowed } from "@/lib/api/route";

type Context = { params: Promise<{ provider: string }> };

// GET|POST /api/providers/{provider}/return — the buyer comes back from a provider's payment page
export async function GET(req: Request, { params }: Context) {
  return handleProviderReturn((await params).provider, req);
}

export async function POST(req: Request, { params }: Context) {
  return handleProviderReturn((await params).provider, req);
}

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
