import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { Settlement } from "../settle-deposit";

/** What a provider knows of a collection right now (the reconciler and the expiry sweeper ask). */
export type ProviderStatus =
  | { state: "processing" } // the provider is still working on it: the deposit stays pending
  | { state: "settled"; settlement: Settlement } // the provider's final answer (success or failed)
  | { state: "not_found" }; // the provider has no such collection: it can never complete
// Provider.queryStatus(deposit: DepositRow): Promise<ProviderStatus>

/** What the provider answered to a collection request it took. */
export type Collection = {
  reference: string;
  /** redirect flows (CinetPay): the provider's payment page, where the buyer goes next */
  redirectUrl?: string;
};

/** Whether a provider can take an operator's payments now, and within which limits (minor units). */
export type OperatorAvailability = { available: boolean; min?: number; max?: number };

/**
 * A mobile-money provider (DESIGN §6). It is asked to collect; it reports the outcome by a signed
 * callback to POST /api/providers/{name}/callback; the reconciler, the expiry sweeper and a buyer
 * giving an attempt up ask it what it knows (queryStatus).
 */
export interface Provider {
  readonly name: string;
  /**
   * Asks for the deposit's collection. Throws ProviderRejection when the provider definitely
   * refused it (the deposit fails with that reason); any other error leaves the outcome unknown.
   */
  requestCollection(deposit: DepositRow): Promise<Collection>;
  queryStatus(deposit: DepositRow): Promise<ProviderStatus>;
  /** The operators (our codes) it serves and whether each can pay now; undefined = every operator. */
  availability?(): Promise<Map<string, OperatorAvailability>>;
}

/** A definite "no" from the provider on initiation: nothing was or will be collected. */
export class ProviderRejection extends Error {
  constructor(readonly reason: string, message?: string) {
    super(message ?? `collection refused: ${reason}`);
  }
}

/** The body every sandbox callback carries, signed over its raw bytes. */
export type CallbackBody = {
  event_id: string;
  reference: string;
  track_id: string;
  status: "success" | "failed";
  reason?: string;
  timestamp: number;
};
