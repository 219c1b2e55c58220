import { payLinkQr } from "@/lib/payment-requests/pay-link";

// GET /p/{code}/qr.png — the short link as a PNG QR code
export async function GET(_req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return payLinkQr((await params).code);
}
