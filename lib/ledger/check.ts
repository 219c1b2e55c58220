import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { sellerChecks } from "./check-sellers";

const NUMERIC = new Set(["sum", "balance", "postings", "open", "refunded_amount", "refunds", "expected", "held", "refunded", "share_parts", "refunding", "owed", "paid_out", "succeeded", "held_total", "expected_total"]);

/** One thing the ledger's invariants found wrong; `npm run ledger:check` prints them. */
export type LedgerProblem = { problem: string } & Record<string, string | number | null>;

/**
 * Recomputes what the books must say from the postings and compares:
 * - every entry's postings sum to zero per currency, in the entry's currency;
 * - every maintained balance equals the sum of its account's postings (and no sum lacks a row);
 * - what is in flight equals the payouts and refunds still open; what a deposit says was
 *   refunded equals its refunds that have not failed;
 * - every marketplace seller's balances agree with the postings naming it (./check-sellers.ts);
 * - the overview's daily totals (deposit_days, ledger_days), the counter's summary's hourly ones
 *   (payment_request_hours) and the requests' kept outcomes are what they count.
 * An empty list means the books agree with themselves.
 */
export async function checkLedger(db?: Db): Promise<LedgerProblem[]> {
  const conn = db ?? (await getDb());
  const run = async (tx: Pick<Db, "execute">, query: SQL): Promise<LedgerProblem[]> => {
    const result = (await tx.execute(query)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    // sums are bigint: PostgreSQL's driver hands them over as text, PGlite as numbers
    return rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, NUMERIC.has(k) && v !== null ? Number(v) : (v as string | null)])),
    ) as LedgerProblem[];
  };
  const checks = [
    sql`select 'unbalanced_entry' as problem, p.entry_id::text as entry_id, p.currency, sum(p.amount)::bigint as sum
        from ledger_postings p group by p.entry_id, p.currency having sum(p.amount) <> 0`,
    sql`select 'posting_currency' as problem, p.id::text as posting_id, p.currency, e.currency as entry_currency
        from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where p.currency <> e.currency or p.account_id <> e.account_id or p.mode <> e.mode`,
    sql`select 'balance_mismatch' as problem, coalesce(b.account_id, s.account_id)::text as account_id,
          coalesce(b.mode, s.mode) as mode, coalesce(b.ledger_account, s.ledger_account) as ledger_account,
          coalesce(b.currency, s.currency) as currency, b.balance::bigint as balance, coalesce(s.sum, 0)::bigint as postings
        from ledger_balances b
        full outer join (select account_id, mode, ledger_account, currency, sum(amount) as sum from ledger_postings
                         group by account_id, mode, ledger_account, currency) s
          on s.account_id = b.account_id and s.mode = b.mode and s.ledger_account = b.ledger_account and s.currency = b.currency
        where coalesce(b.balance, 0) <> coalesce(s.sum, 0)`,
    sql`select 'in_flight_mismatch' as problem, f.account_id::text as account_id, f.mode, f.ledger_account, f.currency,
          coalesce(b.balance, 0)::bigint as balance, f.open::bigint as open
        from (select account_id, mode, 'payouts_in_flight' as ledger_account, currency, sum(amount) as open
                from payouts where status in ('pending', 'processing') group by account_id, mode, currency
              union all
              select account_id, mode, 'refunds_in_flight', currency, sum(amount)
                from refunds where status in ('pending', 'processing') group by account_id, mode, currency) f
        left join ledger_balances b
          on b.account_id = f.account_id and b.mode = f.mode and b.ledger_account = f.ledger_account and b.currency = f.currency
        where coalesce(b.balance, 0) <> f.open
        union all
        select 'in_flight_mismatch', b.account_id::text, b.mode, b.ledger_account, b.currency, b.balance::bigint, 0
        from ledger_balances b
        where b.ledger_account in ('payouts_in_flight', 'refunds_in_flight') and b.balance <> 0
          and not exists (select 1 from payouts p where b.ledger_account = 'payouts_in_flight' and p.account_id = b.account_id
                            and p.mode = b.mode and p.currency = b.currency and p.status in ('pending', 'processing'))
          and not exists (select 1 from refunds r where b.ledger_account = 'refunds_in_flight' and r.account_id = b.account_id
                            and r.mode = b.mode and r.currency = b.currency and r.status in ('pending', 'processing'))`,
    sql`select 'refunded_amount_mismatch' as problem, d.track_id, d.refunded_amount::bigint as refunded_amount,
          coalesce(sum(r.amount) filter (where r.status <> 'failed'), 0)::bigint as refunds
        from deposits d left join refunds r on r.deposit_id = d.id
        group by d.id having d.refunded_amount <> coalesce(sum(r.amount) filter (where r.status <> 'failed'), 0)`,
    ...sellerChecks,
    // the overview's daily totals (lib/stats) are the sums of what they count
    sql`select 'deposit_days_mismatch' as problem, coalesce(k.account_id, s.account_id)::text as account_id,
          coalesce(k.mode, s.mode) as mode, coalesce(k.day, s.day)::text as day, coalesce(k.status, s.status) as status,
          coalesce(k.currency, s.currency) as currency, k.count::bigint as held, coalesce(s.count, 0)::bigint as expected
        from deposit_days k
        full outer join (select account_id, mode, (created_at at time zone 'UTC')::date as day, status, currency,
                                count(*) as count, sum(amount) as amount
                         from deposits where status <> 'pending' group by 1, 2, 3, 4, 5) s
          on s.account_id = k.account_id and s.mode = k.mode and s.day = k.day and s.status = k.status and s.currency = k.currency
        where coalesce(k.count, 0) <> coalesce(s.count, 0) or coalesce(k.amount, 0) <> coalesce(s.amount, 0)`,
    sql`select 'ledger_days_mismatch' as problem, coalesce(k.account_id, s.account_id)::text as account_id,
          coalesce(k.mode, s.mode) as mode, coalesce(k.day, s.day)::text as day, coalesce(k.currency, s.currency) as currency,
          coalesce(k.refund, s.refund)::text as refund, k.amount::bigint as held, coalesce(s.amount, 0)::bigint as expected
        from ledger_days k
        full outer join (select p.account_id, p.mode, p.currency, (p.created_at at time zone 'UTC')::date as day,
                                e.kind in ('refund', 'refund_failed') as refund, sum(p.amount) as amount
                         from ledger_postings p join ledger_entries e on e.id = p.entry_id
                         where p.ledger_account in ('merchant_pending', 'merchant_available')
                           and e.kind not in ('release', 'payout', 'payout_failed')
                         group by 1, 2, 3, 4, 5) s
          on s.account_id = k.account_id and s.mode = k.mode and s.currency = k.currency and s.day = k.day and s.refund = k.refund
        where coalesce(k.amount, 0) <> coalesce(s.amount, 0)`,
    // the counter's summary's totals (payment_request_hours, lib/payment-requests/queries.ts): per
    // UTC hour and collector, the requests whose link has a kept success, and their links' amount
    sql`select 'payment_request_hours_mismatch' as problem, coalesce(k.account_id, s.account_id)::text as account_id,
          coalesce(k.mode, s.mode) as mode, coalesce(k.hour, s.hour)::text as hour, coalesce(k.collector, s.collector) as collector,
          k.paid_count::bigint as held, coalesce(s.paid_count, 0)::bigint as expected,
          k.paid_total::bigint as held_total, coalesce(s.paid_total, 0)::bigint as expected_total
        from payment_request_hours k
        full outer join (select r.account_id, r.mode, date_trunc('hour', r.created_at at time zone 'UTC') at time zone 'UTC' as hour,
                                case when r.created_by_user_id is not null then 'member:' || r.created_by_user_id
                                     when r.created_by_key_id is not null then 'api_key:' || r.created_by_key_id else '' end as collector,
                                count(*) as paid_count, sum(g.amount) as paid_total
                         from payment_requests r
                         join payment_gateways g on g.id = r.payment_gateway_id
                         where exists (select 1 from deposits d where d.payment_gateway_id = r.payment_gateway_id
                                         and d.status = 'success' and d.duplicate_of is null)
                         group by 1, 2, 3, 4) s
          on s.account_id = k.account_id and s.mode = k.mode and s.hour = k.hour and s.collector = k.collector
        where coalesce(k.paid_count, 0) <> coalesce(s.paid_count, 0) or coalesce(k.paid_total, 0) <> coalesce(s.paid_total, 0)`,
    // a request's kept outcome (the list's `?status=`, migration 0039_request_outcome), read again from its attempts
    sql`select 'payment_request_outcome_mismatch' as problem, r.account_id::text as account_id, r.mode, r.id::text as request_id,
          r.attempt_outcome as held, payment_request_outcome_of(r.payment_gateway_id) as expected
        from payment_requests r
        where r.attempt_outcome <> payment_request_outcome_of(r.payment_gateway_id)`,
  ];
  // One snapshot for every check (a payment settled between two of them cannot look like a
  // difference), and no statement timeout: each check reads whole tables, which takes longer than
  // a request may (tens of seconds at millions of payments); the checks only read.
  return conn.transaction(
    async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      const problems: LedgerProblem[] = [];
      for (const check of checks) problems.push(...(await run(tx, check)));
      return problems;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
