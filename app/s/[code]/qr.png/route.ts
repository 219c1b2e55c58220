import { stallQrResponse } from "@/lib/payment-requests/stalls";

// GET /s/{code}/qr.png — the stall's page address as a PNG QR code
export async function GET(_req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return stallQrResponse((await params).code);
}
