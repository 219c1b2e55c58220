import { z } from "zod";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { entryKinds, ledgerAccounts } from "@/lib/core/ledger-kinds";

// The merchant's balance and its movements: read from the double-entry ledger.

const amounts = (what: string) =>
  z.array(z.object({ currency: z.string(), amount: z.int().describe("Minor units") })).describe(what);

export const balanceView = z
  .object({
    available: amounts("Yours to withdraw or refund from, per currency (the account's currency always listed): payments whose hold is over, your fees, failed withdrawals and refunds given back, less what you withdrew, refunded and advanced to sellers"),
    pending: amounts("Your payments and fees still in their hold (BALANCE_HOLD_SECONDS in live mode, TEST_BALANCE_HOLD_SECONDS in test mode): available once it is over"),
    seller_payable: amounts("Owed to your marketplace's sellers and not paid out yet: `seller_pending` + `seller_available`. Never yours to withdraw"),
    seller_pending: amounts("Sellers' shares still in their payout hold (the marketplace's `seller_payout_delay_days`); a `reverse` refund can take them back"),
    seller_available: amounts("Sellers' money whose hold is over and that is not paid out yet: being paid out now, held with a seller on hold, or a failed payout waiting to be sent again. Sellers in debt count 0 here (see `seller_debt`)"),
    seller_in_flight: amounts("Payouts to sellers handed to the provider and not confirmed yet: no longer in `seller_payable`, not yet out of your provider account"),
    merchant_in_flight: amounts("Your withdrawals handed to the provider and not confirmed yet: no longer in `available`; back in it if they fail"),
    refunds_in_flight: amounts("Refunds to buyers not confirmed yet (automatic refunds of duplicate payments included): each part goes back where it came from if one fails"),
    seller_debt: amounts("What sellers owe you: refunds they bore (`debit_seller`) after being paid, which you advanced from `available`; taken back from their next sales before they are paid again"),
  })
  .meta({ id: "Balance" });
export type BalanceView = z.output<typeof balanceView>;

export const balanceTransaction = z
  .object({
    id: z.uuid().describe("The ledger line; pass it as `starting_after` for the next page"),
    entry_id: z.uuid().describe("The entry it belongs to: its lines sum to zero"),
    type: z.enum(entryKinds).describe("What caused it"),
    account: z.enum(ledgerAccounts).describe("The ledger account moved"),
    amount: z.int().describe("Signed minor units: positive credits the account, negative debits it"),
    currency: z.string(),
    seller_id: z.uuid().nullable().describe("The marketplace seller whose money the line moves (its seller accounts, its payouts in flight); null: yours"),
    source: z
      .object({
        type: z.enum(["deposit", "payout", "refund"]),
        id: z.uuid().describe("The deposit's, payout's or refund's id"),
        track_id: z.string().nullable().describe("The payment concerned (a deposit, the payment refunded, the sale paid out)"),
        payment_amount: z.int().nullable().describe("That payment's amount, in minor units (null: no payment concerned, a withdrawal)"),
        buyer_name: z.string().nullable().describe("That payment's buyer, when the buyer gave a name (marketplace links)"),
      })
      .describe("The object whose status change wrote this line"),
    available_at: z.iso.datetime().nullable().describe("Payments credited as pending: when they become available"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "BalanceTransaction" });
export type BalanceTransaction = z.output<typeof balanceTransaction>;

export const balanceTransactionsQuery = pageQuery.extend({
  account: z
    .enum(ledgerAccounts)
    .optional()
    .describe("Only the lines of this ledger account; omitted: your balance's (merchant_available and merchant_pending)"),
  currency: z.string().length(3).optional().describe("Only lines in this currency"),
  seller_id: z.uuid().optional().describe("Only the lines of this marketplace seller's money (with `account`, or all its accounts)"),
});
export type BalanceTransactionsQuery = z.output<typeof balanceTransactionsQuery>;

export const balanceOperations = defineOperations("Balance", {
  get: {
    method: "GET",
    path: "/v1/balance",
    summary: "Your balance and every other bucket of money, per currency",
    description:
      "Sums of the ledger's postings. A payment link's payment is credited to `pending` for the hold, then `available`; a marketplace sale credits your fee the same way, and the seller's share to the seller (`seller_pending` for the marketplace's payout hold, then `seller_available`), paid out by a payout (`seller_in_flight`). Only `available` can leave by your withdrawals and refunds.",
    auth: "key",
    response: balanceView,
    errors: [...keyErrors],
  },
  transactions: {
    method: "GET",
    path: "/v1/balance/transactions",
    summary: "The ledger lines behind your balance, newest first",
    description: "Each line names its source (a deposit, a payout or a refund); paged like every list.",
    auth: "key",
    query: balanceTransactionsQuery,
    response: z.array(balanceTransaction),
    errors: [...keyErrors],
    paged: true,
  },
});
