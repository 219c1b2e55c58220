import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { deposits, providerCallbacks } from "@/lib/db/schema";
import { readBody } from "@/lib/http/body";
import { log } from "@/lib/log";
import { providerByName } from "./providers";
import { verifyCallback } from "./providers/signature";
import { settleDeposit } from "./settle-deposit";

const callbackBody = z.object({
  event_id: z.string().min(8).max(100),
  reference: z.string().max(200),
  track_id: z.string().max(64),
  status: z.enum(["success", "failed"]),
  reason: z.string().max(100).optional(),
  timestamp: z.number(),
});

/**
 * A provider's signed report. Refused unless the HMAC over the raw body is right and fresh (401);
 * an event id seen before is a replay (409). Both change nothing. A valid report settles the
 * deposit once, as the status machine allows: a success for a deposit we had expired is still
 * recorded (expired → success, DESIGN §6); any other report for a settled deposit is acknowledged
 * and ignored.
 */
export async function handleProviderCallback(providerName: string, req: Request): Promise<Response> {
  const requestId = randomUUID();
  const reply = (status: number, body: unknown) =>
    Response.json(body, { status, headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  const provider = providerByName(providerName);
  if (!provider) return reply(404, { detail: "Not Found" });

  const raw = (await readBody(req, 16 * 1024).catch(() => null))?.toString("utf8");
  if (raw === undefined || !verifyCallback(raw, req.headers.get("x-kola-signature"))) {
    log("warn", "provider callback refused: bad signature", { provider: providerName, request_id: requestId });
    return reply(401, { detail: { message: "Invalid signature", type: "INVALID_SIGNATURE" } });
  }
  let parsed: z.output<typeof callbackBody>;
  try {
    parsed = callbackBody.parse(JSON.parse(raw));
  } catch {
    return reply(422, { detail: { message: "Invalid callback body", type: "INVALID_CALLBACK" } });
  }

  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(providerCallbacks)
      .values({ provider: provider.name, eventId: parsed.event_id })
      .onConflictDoNothing()
      .returning({ eventId: providerCallbacks.eventId });
    if (!fresh) return "replay" as const;
    const [deposit] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.trackId, parsed.track_id), eq(deposits.provider, provider.name)));
    if (!deposit) return "unknown" as const;
    const settled = await settleDeposit(
      deposit.id,
      { status: parsed.status, reason: parsed.reason, providerReference: parsed.reference },
      tx,
    );
    return settled ? ("settled" as const) : ("already_settled" as const);
  });
  if (outcome === "replay") {
    log("warn", "provider callback refused: replay", { provider: providerName, event_id: parsed.event_id });
    return reply(409, { detail: { message: "Callback already received", type: "CALLBACK_REPLAYED" } });
  }
  if (outcome === "unknown") return reply(404, { detail: { message: "Unknown deposit", type: "DEPOSIT_NOT_FOUND" } });
  return reply(200, { received: true, outcome });
}
