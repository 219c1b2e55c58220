import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { Settlement } from "../settle-deposit";

/**
 * A mobile-money provider (DESIGN §6). It is asked to collect; it reports the outcome by a signed
 * callback to POST /api/providers/{name}/callback; the reconciler asks it when a callback is late.
 */
export interface Provider {
  readonly name: string;
  /** Asks the buyer's operator to collect the deposit; returns the provider's reference. */
  requestCollection(deposit: DepositRow): Promise<{ reference: string }>;
  /** The outcome as the provider knows it now: a settlement, or null while still pending. */
  queryStatus(deposit: DepositRow): Promise<Settlement | null>;
}

/** The body every provider callback carries, signed over its raw bytes. */
export type CallbackBody = {
  event_id: string;
  reference: string;
  track_id: string;
  status: "success" | "failed";
  reason?: string;
  timestamp: number;
};
