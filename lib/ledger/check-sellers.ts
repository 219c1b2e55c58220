import { sql } from "drizzle-orm";

// What ledger:check proves about marketplace sellers, beside the merchant's books
// (./check.ts): each seller's balances are the sums of the postings naming it, a debt is exactly
// what the merchant advanced, the sales' shares explain what is held, what is owed (and can be
// paid) and what was refunded, and each seller's paid_out is its payouts that succeeded.
export const sellerChecks = [
  // a line to a seller account always names its seller
  sql`select 'seller_line_without_seller' as problem, p.id::text as posting_id, p.ledger_account
      from ledger_postings p
      where p.seller_id is null and p.ledger_account in ('seller_pending', 'seller_payable', 'merchant_receivable')`,
  // each seller's balance row is the sum of its postings (and no sum lacks a row)
  sql`select 'seller_balance_mismatch' as problem, coalesce(b.seller_id, s.seller_id)::text as seller_id,
        coalesce(b.ledger_account, s.ledger_account) as ledger_account, b.balance::bigint as balance, coalesce(s.sum, 0)::bigint as postings
      from seller_balances b
      full outer join (select seller_id, ledger_account, sum(amount) as sum from ledger_postings
                       where seller_id is not null group by seller_id, ledger_account) s
        on s.seller_id = b.seller_id and s.ledger_account = b.ledger_account
      where coalesce(b.balance, 0) <> coalesce(s.sum, 0)`,
  // what a seller owes (its seller_payable below zero) is what the merchant advanced for it
  sql`select 'seller_debt_mismatch' as problem, s.id::text as seller_id,
        coalesce(p.balance, 0)::bigint as balance, coalesce(r.balance, 0)::bigint as expected
      from sellers s
      left join seller_balances p on p.seller_id = s.id and p.ledger_account = 'seller_payable'
      left join seller_balances r on r.seller_id = s.id and r.ledger_account = 'merchant_receivable'
      where coalesce(r.balance, 0) <> greatest(0, -coalesce(p.balance, 0))`,
  // a seller's money in flight is its open payouts
  sql`select 'seller_in_flight_mismatch' as problem, s.id::text as seller_id, coalesce(b.balance, 0)::bigint as balance,
        coalesce((select sum(o.amount) from payouts o where o.seller_id = s.id and o.status in ('pending', 'processing')), 0)::bigint as open
      from sellers s
      left join seller_balances b on b.seller_id = s.id and b.ledger_account = 'payouts_in_flight'
      where coalesce(b.balance, 0) <> coalesce((select sum(o.amount) from payouts o where o.seller_id = s.id and o.status in ('pending', 'processing')), 0)`,
  // what a seller was paid (its paid_out, kept as each payout settles) is the sum of its payouts that succeeded
  sql`select 'seller_paid_out_mismatch' as problem, s.id::text as seller_id, s.paid_out::bigint as paid_out, coalesce(t.total, 0)::bigint as succeeded
      from sellers s
      left join (select seller_id, sum(amount) as total from payouts where seller_id is not null and status = 'success' group by seller_id) t
        on t.seller_id = s.id
      where s.paid_out <> coalesce(t.total, 0)`,
  // what a seller has on hold is what its sales' shares still hold
  sql`select 'seller_held_mismatch' as problem, s.id::text as seller_id, coalesce(b.balance, 0)::bigint as balance,
        coalesce((select sum(h.held) from seller_shares h where h.seller_id = s.id), 0)::bigint as held
      from sellers s
      left join seller_balances b on b.seller_id = s.id and b.ledger_account = 'seller_pending'
      where coalesce(b.balance, 0) <> coalesce((select sum(h.held) from seller_shares h where h.seller_id = s.id), 0)`,
  // what a seller may be paid is owed by its sales' shares, so the background work or a retry pays
  // it: its available balance, and what its debit_seller refunds under way would give back if they
  // failed (a payout waits for them rather than be netted against them: lib/sellers/shares.ts).
  // More owed than that is fine: it is netted against the seller's debt when paid.
  sql`select 'seller_payable_not_owed' as problem, s.id::text as seller_id, coalesce(b.balance, 0)::bigint as balance,
        f.refunding::bigint as refunding, o.owed::bigint as owed
      from sellers s
      left join seller_balances b on b.seller_id = s.id and b.ledger_account = 'seller_payable'
      cross join lateral (select coalesce(sum(r.seller_amount), 0) as refunding from refunds r
                          where r.seller_id = s.id and r.seller_share = 'debit_seller' and r.status in ('pending', 'processing')) f
      cross join lateral (select coalesce(sum(h.owed), 0) as owed from seller_shares h where h.seller_id = s.id) o
      where greatest(0, coalesce(b.balance, 0) + f.refunding) > o.owed`,
  // what a share owes can be paid: by the background work (released, never paid out) or by sending
  // its failed payout again (a failed payout not retried yet)
  sql`select 'share_owed_unpayable' as problem, d.track_id, h.owed::bigint as owed
      from seller_shares h join deposits d on d.id = h.deposit_id
      where h.owed > 0 and (h.released_at is null or (h.disbursed_at is not null and not exists (
        select 1 from payouts p where p.deposit_id = h.deposit_id and p.status = 'failed'
          and not exists (select 1 from payouts q where q.retry_of = p.id))))`,
  // a share's refunded part is the seller's parts of its refunds that did not fail
  sql`select 'share_refunded_mismatch' as problem, d.track_id, h.refunded::bigint as refunded,
        coalesce(sum(r.share_part) filter (where r.status <> 'failed'), 0)::bigint as share_parts
      from seller_shares h join deposits d on d.id = h.deposit_id left join refunds r on r.deposit_id = h.deposit_id
      group by d.track_id, h.refunded
      having h.refunded <> coalesce(sum(r.share_part) filter (where r.status <> 'failed'), 0)`,
];
