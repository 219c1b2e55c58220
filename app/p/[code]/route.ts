import { openPayLink } from "@/lib/payment-requests/pay-link";

// GET /p/{code} — a request to pay's short link: to its checkout
export async function GET(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return openPayLink(req, (await params).code);
}
