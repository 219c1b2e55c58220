import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { isTrackId, normalizeTrackId } from "@/lib/deposits/track-id";
import { log } from "@/lib/runtime/log";
import { providerByName } from "@/lib/providers";
import { settleDeposit } from "./settle-deposit";

/**
 * Where a redirect-flow provider sends the buyer back (CinetPay's return_url; it may GET or POST
 * here). The provider is asked once for the outcome, so the waiting page is usually already
 * final; then the buyer goes to that page. Nothing from the request itself is trusted.
 */
export async function handleProviderReturn(providerName: string, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const trackId = normalizeTrackId(url.searchParams.get("track_id") ?? "");
  const provider = providerByName(providerName);
  const db = await getDb();
  const [deposit] =
    provider && isTrackId(trackId)
      ? await db.select().from(deposits).where(and(eq(deposits.trackId, trackId), eq(deposits.provider, provider.name)))
      : [];
  if (!provider || !deposit) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  if (deposit.status === "pending") {
    try {
      const answer = await provider.queryStatus(deposit);
      if (answer.state === "settled") await settleDeposit(deposit.id, answer.settlement);
    } catch (error) {
      log("warn", "status query on return failed", { track_id: deposit.trackId, error });
    }
  }
  const page = deposit.paymentGatewayId ? `/pay/${deposit.paymentGatewayId}` : `/pay/m/${deposit.marketplaceGatewayId}`;
  return new Response(null, { status: 303, headers: { location: `${page}/${deposit.trackId}`, "cache-control": "no-store" } });
}
