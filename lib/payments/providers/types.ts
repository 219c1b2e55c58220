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

  // Money out (issue 11). A provider without them cannot pay out or refund.
  /** Sends a payout. Throws ProviderRejection on a definite refusal; any other error: outcome unknown. */
  sendPayout?(d: Disbursement): Promise<{ reference: string }>;
  /** Sends a refund of `d.deposit`. Same rules as sendPayout. */
  sendRefund?(d: Disbursement): Promise<{ reference: string }>;
  /** What the provider knows of a payout or refund (the reconciler asks). */
  queryDisbursement?(d: Disbursement): Promise<DisbursementStatus>;
  /**
   * Verifies a money-out callback (signature, body) and says what it reports. Throws ApiError
   * INVALID_SIGNATURE (not from the provider), INVALID_CALLBACK (unreadable), PROVIDER_UNAVAILABLE
   * (the provider's confirmation could not be had: it will call again).
   */
  parseDisbursementCallback?(req: Request, raw: string): Promise<DisbursementUpdate>;
}

/** Money Kola sends out through a provider: a seller payout, a merchant withdrawal or a refund. */
export type Disbursement = {
  /** our uuid: the provider's payoutId/refundId (its idempotency key) */
  id: string;
  kind: "payout" | "refund";
  mode: "test" | "live";
  /** integer minor units, > 0 */
  amount: number;
  /** ISO 4217 (XOF, XAF, CDF, ...) */
  currency: string;
  /** ISO 3166-1 alpha-2 of the phone */
  country: string;
  /** our operator code, as deposits store it */
  operator: string;
  /** stored the way deposits.phone_number is stored (digits with the country code) */
  phoneNumber: string;
  /** refunds only: the deposit being refunded (its provider and provider_reference) */
  deposit?: DepositRow;
  /** optional: whose money it is (the provider log is scoped by it) */
  accountId?: string;
  /** optional: when it was first sent and what the provider answered then (the sandbox reads them) */
  createdAt?: Date;
  providerReference?: string | null;
};

export type DisbursementStatus =
  | { state: "processing" }
  | { state: "settled"; outcome: "success"; providerReference?: string }
  | { state: "settled"; outcome: "failed"; reason: string; providerReference?: string }
  | { state: "not_found" };

/** What a provider's money-out callback says, once verified. */
export type DisbursementUpdate = {
  kind: "payout" | "refund";
  /** our Disbursement.id */
  id: string;
  status: Extract<DisbursementStatus, { state: "settled" }>;
  /** for replay protection (the route stores it and refuses repeats) */
  eventId: string;
  /**
   * What the provider says was sent, when its callback says it (pawaPay does; the sandbox's own
   * signed body does not): minor units (null: unreadable) and currency. The route compares them with
   * the payout's or refund's and settles nothing on a difference (money is never guessed).
   */
  amount?: number | null;
  currency?: string;
  /** the callback's body as received (kept in the provider log) */
  body?: unknown;
};

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

/** The body every sandbox money-out callback carries, signed over its raw bytes like CallbackBody. */
export type DisbursementCallbackBody = {
  event_id: string;
  kind: "payout" | "refund";
  id: string;
  reference: string;
  status: "success" | "failed";
  reason?: string;
  timestamp: number;
};
