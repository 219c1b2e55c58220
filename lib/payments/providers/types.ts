import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { Settlement } from "../settle-deposit";

/** What a provider knows of a collection right now (the reconciler and the expiry sweeper ask). */
export type ProviderStatus =
  | { state: "processing" } // the provider is still working on it: the deposit stays pending
  | { state: "settled"; settlement: Settlement } // the provider's final answer (success or failed)
  | { state: "not_found" }; // the provider has no such collection: it can never complete
// Provider.queryStatus(deposit: DepositRow): Promise<ProviderStatus>

/**
 * A mobile-money provider (DESIGN §6). It is asked to collect; it reports the outcome by a signed
 * callback to POST /api/providers/{name}/callback; the reconciler, the expiry sweeper and a buyer
 * giving an attempt up ask it what it knows (queryStatus).
 */
export interface Provider {
  readonly name: string;
  /** Asks the buyer's operator to collect the deposit; returns the provider's reference. */
  requestCollection(deposit: DepositRow): Promise<{ reference: string }>;
  /** What the provider knows of the collection now. */
  queryStatus(deposit: DepositRow): Promise<ProviderStatus>;
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
