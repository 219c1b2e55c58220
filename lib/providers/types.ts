import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { DepositStatus } from "@/lib/core/deposit-statuses";

// The provider contract and the types it shares with the payments layer. It sits at the bottom:
// it imports nothing above it, and everything above imports it.

/** A deposit's final word from its provider (or our own expiry): what settleDeposit applies. */
export type Settlement = { status: Exclude<DepositStatus, "pending">; reason?: string | null; providerReference?: string | null };

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
 * What a provider says of the operators it serves. `configuration`:
 *   ok          read now (or recently): `deposits`/`payouts` say which operators, open or closed
 *   unreadable  it answered something we cannot read (a contract mismatch): an alert; its operators
 *               are "unknown": tried, and failed over from on error, never silently absent
 *   unreachable it could not be asked and nothing was ever read: unknown too (the breaker decides)
 *   stale       nothing read for longer than the bound: skipped like an open breaker
 */
export type AvailabilityReport = {
  configuration: "ok" | "unreadable" | "unreachable" | "stale";
  deposits: Map<string, OperatorAvailability>;
  payouts: Map<string, OperatorAvailability>;
  /** the operators it could serve at all (our codes): what "unknown" tries */
  known: string[];
  /** when its configuration was last read */
  readAt: Date | null;
  /** what could not be read, for the log and the Providers page */
  problem?: string;
};

/**
 * A mobile-money provider (DESIGN §6). It is asked to collect; it reports the outcome by a signed
 * callback to POST /api/providers/{name}/callback; the reconciler, the expiry sweeper and a buyer
 * giving an attempt up ask it what it knows (queryStatus).
 */
export interface Provider {
  readonly name: string;
  /**
   * The id this provider knows the deposit by (pawaPay's depositId, CinetPay's transaction_id): one
   * per deposit and provider, never sent to another provider for another deposit.
   */
  requestIdOf(deposit: DepositRow): string;
  /**
   * Asks for the deposit's collection. Fails with a `refused` ProviderError (provider-error.ts) when
   * the provider definitely refused it; any other error leaves the outcome unknown.
   */
  requestCollection(deposit: DepositRow): Promise<Collection>;
  queryStatus(deposit: DepositRow): Promise<ProviderStatus>;
  /**
   * Verifies a deposit callback (its signature, or the provider's own check call) and says what it
   * reports. Fails with a ProviderError: bad_signature (not from the provider), bad_callback
   * (unreadable), unreachable (the confirmation could not be had); callbackRefusal words them.
   */
  parseCallback(req: CallbackRequest): Promise<CallbackEvent>;
  /** What it can do beyond collecting, declared: callers read these, never probe for methods. */
  readonly capabilities: ProviderCapabilities;
}

/** A provider's optional abilities; null where it has none. */
export type ProviderCapabilities = {
  /**
   * Whether it collects by a prompt pushed to the buyer's phone (the operator rings it for the PIN:
   * pawaPay, the sandbox), so a request to pay needs no page; false: the buyer pays on its page (CinetPay).
   */
  push: boolean;
  /** The operators (our codes) it serves and whether each can pay now; null: every operator, always. */
  availability: (() => Promise<AvailabilityReport>) | null;
  /** The operator of a phone number (digits with the country code), when it knows; null: it cannot tell. */
  predictOperator: ((phone: string) => Promise<string | null>) | null;
  /** Money out; null: it can neither pay out nor refund. */
  moneyOut: MoneyOut | null;
  /** Whether it collects card payments (operator CARD: CinetPay's card channel; the sandbox simulates them); absent: mobile money only. */
  cards?: boolean;
};

/** Money out through a provider: payouts, refunds of what it collected, their status and callbacks. */
export type MoneyOut = {
  /** Sends a payout. A `refused` ProviderError is a definite refusal; any other error: outcome unknown. */
  sendPayout(d: Disbursement): Promise<{ reference: string }>;
  /** Sends a refund of `d.deposit`, same rules as sendPayout; null: it has no refund call. */
  sendRefund: ((d: Disbursement) => Promise<{ reference: string }>) | null;
  /** What the provider knows of a payout or refund (the reconciler asks). */
  queryDisbursement(d: Disbursement): Promise<DisbursementStatus>;
  /**
   * Verifies a money-out callback (signature, body) and says what it reports. Fails like
   * parseCallback: bad_signature, bad_callback (unreadable, or not final), unreachable.
   */
  parseDisbursementCallback(req: Request, raw: string): Promise<DisbursementUpdate>;
};

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

/** A provider callback as the route received it: the raw body and what a signature may cover. */
export type CallbackRequest = {
  method: string;
  /** the Host the request came to, and PUBLIC_BASE_URL's (behind a proxy the two differ) */
  authority: string;
  altAuthority?: string;
  path: string;
  headers: Headers;
  raw: string;
};

/** What a verified callback says, in Kola's words; the handler checks it against the deposit. */
export type CallbackEvent = {
  /** the same report twice has the same id: the second is a no-op */
  eventId: string;
  /** the id the provider knows the deposit by (Provider.requestIdOf) */
  requestId: string;
  /** null while the provider is still working on it */
  outcome: Settlement | null;
  /** what the provider says was collected, in our minor units (null: unreadable) */
  amountMinor: number | null;
  currency: string;
  /** our reference as the provider repeats it (the track_id), when it does */
  reference?: string;
  /** kept in the provider log */
  body: unknown;
};

/** The body every sandbox callback carries, signed over its raw bytes. */
export type CallbackBody = {
  event_id: string;
  reference: string;
  track_id: string;
  status: "success" | "failed";
  reason?: string;
  /** what was collected (minor units) and in which currency: checked against the deposit like any provider's */
  amount: number;
  currency: string;
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
