import { z } from "zod";
import { defineOperation } from "@/lib/core/operation";

/** POST /api/providers/{provider}/callback: each provider signs and shapes its own body. */
export const providerCallbackOperation = defineOperation({
  method: "POST",
  path: "/api/providers/{provider}/callback",
  tag: "Providers",
  summary: "A provider reports a deposit's outcome",
  description:
    "Called by mobile-money providers, not by merchants. The body is the provider's own, proven by its signature (the sandbox: HMAC-SHA256 in `x-kola-signature`). Unproven reports change nothing. Every provider goes through the same handler, the test-mode sandbox included; a report already applied (same event id) is answered `replay` and changes nothing, so providers that deliver again are not refused.",
  auth: "none",
  params: z.object({ provider: z.string().max(40) }),
  response: z.object({
    received: z.literal(true),
    outcome: z.enum(["settled", "already_settled", "replay", "processing", "mismatch"]),
  }),
  errors: ["INVALID_SIGNATURE", "PROVIDER_NOT_FOUND", "DEPOSIT_NOT_FOUND", "INVALID_CALLBACK", "PROVIDER_UNAVAILABLE"],
});

/** POST /api/providers/{provider}/disbursements/callback: a provider reports a payout's or refund's outcome. */
export const disbursementCallbackOperation = defineOperation({
  method: "POST",
  path: "/api/providers/{provider}/disbursements/callback",
  tag: "Providers",
  summary: "A provider reports a payout's or refund's outcome",
  description:
    "Called by mobile-money providers, not by merchants. The body is the provider's own, proven by its signature (the sandbox: HMAC-SHA256 in `x-kola-signature`). A proven report settles the payout or refund once, with its ledger entry; a repeated event id changes nothing (`replay`); a report of another amount or currency settles nothing (`mismatch`, an alert in the provider log).",
  auth: "none",
  params: z.object({ provider: z.string().max(40) }),
  response: z.object({
    received: z.literal(true),
    outcome: z.enum(["settled", "already_settled", "replay", "mismatch"]),
  }),
  errors: ["INVALID_SIGNATURE", "PROVIDER_NOT_FOUND", "PAYOUT_NOT_FOUND", "REFUND_NOT_FOUND", "INVALID_CALLBACK", "PROVIDER_UNAVAILABLE"],
});
