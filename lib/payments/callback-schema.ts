import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

/** POST /api/providers/{provider}/callback: each provider signs and shapes its own body. */
export const providerCallbackOperation = defineOperation({
  method: "POST",
  path: "/api/providers/{provider}/callback",
  tag: "Providers",
  summary: "A provider reports a deposit's outcome",
  description:
    "Called by mobile-money providers, not by merchants. The body is the provider's own, proven by its signature (the sandbox: HMAC-SHA256 in `x-kola-signature`). Unproven reports change nothing.",
  auth: "none",
  params: z.object({ provider: z.string().max(40) }),
  response: z.object({
    received: z.literal(true),
    outcome: z.enum(["settled", "already_settled", "replay", "processing", "mismatch"]),
  }),
  errors: ["INVALID_SIGNATURE", "PROVIDER_NOT_FOUND", "DEPOSIT_NOT_FOUND", "CALLBACK_REPLAYED", "INVALID_CALLBACK", "PROVIDER_UNAVAILABLE"],
});
