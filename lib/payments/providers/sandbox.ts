import { randomUUID } from "node:crypto";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { log } from "@/lib/log";
import type { Settlement } from "../settle-deposit";
import { signCallback } from "./signature";
import type { CallbackBody, Provider, ProviderStatus } from "./types";

/**
 * The provider of test mode (DESIGN §6). It answers through the same signed callback path as a real
 * provider, 1–3 s after the request; the buyer phone's last two digits decide the outcome:
 * `01` failed (insufficient funds), `02` failed (refused by the payer), `03` never answers, else success.
 */
export function sandboxOutcome(phone: string): Settlement | null {
  const last = phone.slice(-2);
  if (last === "01") return { status: "failed", reason: "insufficient_funds" };
  if (last === "02") return { status: "failed", reason: "refused_by_payer" };
  if (last === "03") return null;
  return { status: "success" };
}

type Transport = (path: string, raw: string, signature: string) => Promise<void>;

const store = globalThis as unknown as { __kolaSandboxTransport?: Transport; __kolaSandboxDelay?: () => number };

/** Where callbacks go: this server itself, over HTTP, like any provider's would. */
function internalBaseUrl(): string {
  return (process.env.INTERNAL_BASE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/+$/, "");
}

const httpTransport: Transport = async (path, raw, signature) => {
  const res = await fetch(internalBaseUrl() + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-kola-signature": signature },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok && res.status !== 409) throw new Error(`callback answered ${res.status}`);
};

/** Tests deliver callbacks in-process and without waiting. */
export function setSandboxTransport(transport: Transport | undefined, delay?: () => number): void {
  store.__kolaSandboxTransport = transport;
  store.__kolaSandboxDelay = delay;
}

export const sandboxProvider: Provider = {
  name: "sandbox",

  async requestCollection(deposit: DepositRow) {
    const reference = `SBX-${randomUUID()}`;
    const outcome = sandboxOutcome(deposit.phoneNumber);
    if (outcome) {
      const body: CallbackBody = {
        event_id: randomUUID(),
        reference,
        track_id: deposit.trackId,
        status: outcome.status as "success" | "failed",
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        timestamp: Math.floor(Date.now() / 1000),
      };
      const raw = JSON.stringify(body);
      const delay = store.__kolaSandboxDelay?.() ?? 1000 + Math.random() * 2000;
      const transport = store.__kolaSandboxTransport ?? httpTransport;
      setTimeout(() => {
        transport("/api/providers/sandbox/callback", raw, signCallback(raw)).catch((error: unknown) => {
          // the reconciler settles it later from queryStatus
          log("warn", "sandbox callback failed", { track_id: deposit.trackId, error: String(error) });
        });
      }, delay).unref?.();
    }
    return { reference };
  },

  async queryStatus(deposit: DepositRow): Promise<ProviderStatus> {
    const outcome = Date.now() - deposit.createdAt.getTime() < 3000 ? null : sandboxOutcome(deposit.phoneNumber);
    return outcome ? { state: "settled", settlement: outcome } : { state: "processing" };
  },
};
