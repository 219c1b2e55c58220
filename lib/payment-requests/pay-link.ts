import QRCode from "qrcode";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { paymentRequests } from "@/lib/db/schema";
import { publicBaseUrl } from "@/lib/runtime/config";
import { payUrl } from "./queries";

// A request's short pay link, `/p/{code}`: what a cashier reads out, sends by WhatsApp or shows as a
// QR when the buyer's operator is served by a redirect provider only. It leads to the checkout of the
// request's one-buyer link, which says what is due and whether it can still be paid.

const CODE = /^[0-9a-z]{8}$/;

async function gatewayOf(code: string): Promise<string | null> {
  if (!CODE.test(code)) return null;
  const db = await getDb();
  const [row] = await db.select({ gatewayId: paymentRequests.paymentGatewayId }).from(paymentRequests).where(eq(paymentRequests.code, code));
  return row?.gatewayId ?? null;
}

const notFound = () => new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** GET /p/{code}: to the request's checkout (302), keeping `lang`. */
export async function openPayLink(req: Request, code: string): Promise<Response> {
  const gatewayId = await gatewayOf(code.toLowerCase());
  if (!gatewayId) return notFound();
  const target = new URL(`/pay/${gatewayId}`, publicBaseUrl());
  const lang = new URL(req.url).searchParams.get("lang");
  if (lang === "fr" || lang === "en") target.searchParams.set("lang", lang);
  return new Response(null, { status: 302, headers: { location: target.toString(), "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** GET /p/{code}/qr.png: the pay link as a PNG QR code (WhatsApp and phone galleries take PNG, not SVG). */
export async function payLinkQr(code: string): Promise<Response> {
  const lower = code.toLowerCase();
  if (!(await gatewayOf(lower))) return notFound();
  const png = await QRCode.toBuffer(payUrl(lower), { type: "png", margin: 2, width: 360, errorCorrectionLevel: "M" });
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png", "cache-control": "private, max-age=3600" } });
}
