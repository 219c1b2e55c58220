import type { Mode } from "@/lib/core/modes";
import type { EntryKind, LedgerAccount } from "@/lib/core/ledger-kinds";

// The shape of a ledger entry, apart from the code that writes it (./post.ts), for every layer above.

/**
 * One posting. `sellerId` names the marketplace seller whose money it moves (required on the
 * seller accounts, and on a seller payout's payouts_in_flight). `overdraw` lets a seller's
 * seller_payable go below zero: only a refund the seller bears may.
 */
export type Line = { account: LedgerAccount; amount: number; sellerId?: string | null; overdraw?: boolean };

export type NewEntry = {
  accountId: string;
  mode: Mode;
  currency: string;
  kind: EntryKind;
  lines: Line[];
  depositId?: string | null;
  payoutId?: string | null;
  refundId?: string | null;
  availableAt?: Date | null;
};
