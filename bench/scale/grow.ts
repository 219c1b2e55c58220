// The grower of `npm run bench:scale`: copies of a handful of real payments (made through the API
// and the sandbox by bench/scale.ts), written by SQL, with every row each payment left behind.
//
// A template is one settled deposit and everything that hangs from it: its payment link (and the
// request to pay that made it, if any), history, provider log and attempts, marketplace transaction,
// seller share, refunds and seller payouts, ledger entries and postings (of the deposit, its refunds
// and its payouts), outbox events, webhook deliveries and their attempts, notifications. Copy i of a
// template gets new ids uuid4(md5(old id ‖ i)) (so every reference inside the copy points at the copy),
// new track_id, receipt code, client token, request ids, order_id and pay code (derived from i, so
// unique), and all its times moved back by a pseudo-random shift within 90 days. Ledger balances
// are recomputed from the postings afterwards, so `npm run ledger:check` agrees.
//
// Copies for the measured account come in a mix of its templates (weights below); the other
// accounts' copies (i offset by 1e9) use the plain payment-link templates only, spread over
// OTHER_ACCOUNTS accounts written by SQL.
import type postgres from "postgres";

export type TemplateKind = "success" | "failed" | "expired" | "refunded" | "market_success" | "market_failed" | "request_success";

/** Of 100 payments of the measured account; the other accounts' payments mix the first three only. */
export const OWN_MIX: Record<TemplateKind, number> = {
  success: 62,
  failed: 12,
  expired: 8,
  refunded: 4,
  market_success: 8,
  market_failed: 2,
  request_success: 4,
};
export const OTHERS_MIX: Partial<Record<TemplateKind, number>> = { success: 78, failed: 13, expired: 9 };

export const OTHERS_OFFSET = 1_000_000_000;

/** Columns that hold the id of a row of the template itself: rewritten in every copy. */
const CLONED_IDS = new Set([
  "id",
  "deposit_id",
  "payment_gateway_id",
  "payout_id",
  "refund_id",
  "entry_id",
  "outbox_event_id",
  "delivery_id",
  "sequence_deposit_id",
  "duplicate_of",
  "provider_log_id",
  "retry_of",
  "buyer_id",
]);

/** The tables a payment leaves rows in, in an order their foreign keys accept, and how a template's rows are found. */
const TABLES: { table: string; template: string; ownOnly?: boolean }[] = [
  { table: "payment_gateways", template: `select d.id as root, g.* from payment_gateways g join deposits d on d.payment_gateway_id = g.id join scale.templates s on s.deposit_id = d.id` },
  { table: "deposits", template: `select d.id as root, d.* from deposits d join scale.templates s on s.deposit_id = d.id` },
  {
    table: "payment_requests",
    template: `select d.id as root, r.* from payment_requests r join deposits d on d.payment_gateway_id = r.payment_gateway_id join scale.templates s on s.deposit_id = d.id`,
  },
  ...["deposit_status_changes", "marketplace_transactions", "provider_logs", "deposit_provider_attempts", "refunds", "payouts", "seller_shares"].map((table) => ({
    table,
    template: `select x.deposit_id as root, x.* from ${table} x join scale.templates s on s.deposit_id = x.deposit_id`,
  })),
  {
    table: "ledger_entries",
    template: `select * from (select coalesce(e.deposit_id, p.deposit_id, r.deposit_id) as root, e.* from ledger_entries e
                 left join payouts p on p.id = e.payout_id left join refunds r on r.id = e.refund_id) x
               where root in (select deposit_id from scale.templates)`,
  },
  { table: "ledger_postings", template: `select e.root, p.* from ledger_postings p join scale.t_ledger_entries e on e.id = p.entry_id` },
  {
    table: "outbox_events",
    template: `select * from (select coalesce(o.sequence_deposit_id, o.deposit_id, p.deposit_id, r.deposit_id) as root, o.* from outbox_events o
                 left join payouts p on p.id = o.payout_id left join refunds r on r.id = o.refund_id) x
               where root in (select deposit_id from scale.templates)`,
  },
  {
    table: "webhook_deliveries",
    template: `select o.root, o.id as outbox_id, w.* from webhook_deliveries w join scale.t_outbox_events o on w.event_id = 'evt_' || replace(o.id::text, '-', '')`,
    ownOnly: true, // the measured account's webhook endpoint
  },
  { table: "webhook_attempts", template: `select w.root, a.* from webhook_attempts a join scale.t_webhook_deliveries w on w.id = a.delivery_id`, ownOnly: true },
  {
    table: "notifications",
    template: `select * from (select coalesce(n.deposit_id, o.root) as root, n.* from notifications n left join scale.t_outbox_events o on o.id = n.outbox_event_id) x
               where root in (select deposit_id from scale.templates)`,
    ownOnly: true, // mails to the measured account's members
  },
];

type Column = { name: string; type: string };

/** The expression a column of table `table` takes in copy `i` (`t` is the template row, `acct` the copy's account). */
function rewrite(table: string, column: Column): string {
  const c = `t.${column.name}`;
  const salt = `':' || i`;
  if (column.name === "account_id") return `coalesce(acct.id, ${c})`;
  if (column.type === "uuid" && CLONED_IDS.has(column.name)) return `scale.uuid4(${c}::text || ${salt})`;
  if (column.type === "timestamp with time zone") return `${c} - shift`;
  if (table === "deposits" && column.name === "track_id") return `'TRKZZ' || translate(upper(lpad(to_hex(i), 18, '0')), '0189', 'WXYZ')`;
  if (table === "deposits" && column.name === "receipt_code") return `case when ${c} is null then null else 'Z' || upper(lpad(to_hex(i), 9, '0')) end`;
  if (table === "deposits" && column.name === "client_token") return `md5(${c} || ${salt})`;
  if (table === "deposit_provider_attempts" && column.name === "request_id") return `md5(${c} || ${salt})`;
  if (table === "payment_gateways" && column.name === "order_id") return `case when ${c} = '' then '' else ${c} || '-' || i end`;
  if (table === "payment_requests" && column.name === "code") return `'z' || lpad(to_hex(i), 9, '0')`;
  if (table === "webhook_deliveries" && column.name === "event_id") return `'evt_' || replace(scale.uuid4(t.outbox_id::text || ${salt})::text, '-', '')`;
  return c;
}

async function columnsOf(sql: postgres.Sql, table: string): Promise<Column[]> {
  const rows = await sql<{ name: string; type: string }[]>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`;
  return rows.map((r) => ({ name: r.name, type: r.type }));
}

/**
 * Keeps the templates (deposit id → kind) and their rows in schema `scale`, and the other accounts.
 * Returns how many rows each template has per table (for the report).
 */
export async function prepareTemplates(sql: postgres.Sql, templates: { depositId: string; kind: TemplateKind }[], otherAccounts: number): Promise<Record<string, number>> {
  await sql.unsafe(`drop schema if exists scale cascade; create schema scale`);
  // a version-4 UUID made of md5(t): ids the API's validation takes, the same for the same t
  await sql.unsafe(`create function scale.uuid4(t text) returns uuid language sql immutable as
    $$ select (substr(md5(t), 1, 12) || '4' || substr(md5(t), 14, 3) || '8' || substr(md5(t), 18, 15))::uuid $$`);
  await sql.unsafe(`create table scale.templates (deposit_id uuid primary key, kind text not null)`);
  for (const t of templates) await sql`insert into scale.templates values (${t.depositId}, ${t.kind})`;
  // the copies' mixes: copy i takes the template whose [lo, hi) holds i mod the weights' total
  for (const [name, mix] of [["own_mix", OWN_MIX], ["others_mix", OTHERS_MIX]] as const) {
    await sql.unsafe(`create table scale.${name} (deposit_id uuid not null, lo int not null, hi int not null)`);
    let at = 0;
    for (const [kind, weight] of Object.entries(mix)) {
      const ofKind = templates.filter((t) => t.kind === kind);
      if (!ofKind.length) throw new Error(`no template of kind ${kind}`);
      // the weight shared among the templates of the kind
      for (const [n, t] of ofKind.entries()) {
        const share = Math.floor(weight / ofKind.length) + (n < weight % ofKind.length ? 1 : 0);
        if (share > 0) await sql.unsafe(`insert into scale.${name} values ($1, $2, $3)`, [t.depositId, at, at + share]);
        at += share;
      }
    }
  }
  const counts: Record<string, number> = {};
  for (const { table, template } of TABLES) {
    await sql.unsafe(`create table scale.t_${table} as ${template}`);
    await sql.unsafe(`create index on scale.t_${table} (root)`);
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from scale.t_${table}`);
    counts[table] = row!.n;
  }
  await sql.unsafe(`create table scale.others (n int primary key, id uuid not null)`);
  await sql.unsafe(`insert into scale.others select n, scale.uuid4('kola-scale-other-' || n) from generate_series(0, ${otherAccounts - 1}) n`);
  await sql.unsafe(`insert into accounts (id, email, business_name, country, currency, created_at)
                    select o.id, 'other-' || o.n || '@scale.kola.test', 'Boutique ' || o.n, 'CMR', 'XAF', now() - interval '100 days'
                    from scale.others o on conflict do nothing`);
  return counts;
}

/**
 * Copies `from` ≤ i < `to` (of the measured account's mix, or of the others' with `others`) in
 * batches of `batch` copies per statement, table by table. Calls `progress` after each batch.
 */
export async function grow(
  sql: postgres.Sql,
  range: { from: number; to: number; others: boolean },
  batch: number,
  progress: (done: number) => void,
): Promise<void> {
  const tables: { table: string; insert: string }[] = [];
  for (const { table, ownOnly } of TABLES) {
    if (ownOnly && range.others) continue;
    const columns = await columnsOf(sql, table);
    const list = columns.map((c) => c.name).join(", ");
    const values = columns.map((c) => rewrite(table, c)).join(",\n ");
    const mix = range.others ? "scale.others_mix" : "scale.own_mix";
    const [total] = await sql.unsafe<{ w: number }[]>(`select max(hi)::int as w from ${mix}`);
    // others: the copy's account; the measured account's copies keep the template's
    const account = range.others ? `join scale.others acct on acct.n = (i / ${total!.w}) % (select count(*) from scale.others)` : `left join scale.others acct on false`;
    tables.push({
      table,
      insert: `insert into ${table} (${list})
        select ${values}
        from generate_series($1::bigint, $2::bigint) i
        cross join lateral (select interval '1 second' * ((i * 7919 + 3600) % 7776000)) z(shift)
        join ${mix} m on (i % ${total!.w}) >= m.lo and (i % ${total!.w}) < m.hi
        ${account}
        join scale.t_${table} t on t.root = m.deposit_id`,
    });
  }
  for (let start = range.from; start < range.to; start += batch) {
    const end = Math.min(range.to, start + batch) - 1;
    const offset = range.others ? OTHERS_OFFSET : 0;
    await sql.begin(async (tx) => {
      // the copies are consistent by construction (ledger:check says so afterwards): the foreign
      // keys' per-row checks and the daily totals' triggers are skipped while they are written
      // (`rebalance` counts the totals again)
      await tx.unsafe(`set local session_replication_role = replica`);
      await tx.unsafe(`set local synchronous_commit = off`);
      for (const t of tables) await tx.unsafe(t.insert, [start + offset, end + offset]);
    });
    progress(end + 1 - range.from);
  }
}

/** Every balance row the postings imply, recomputed from them (what `ledger:check` compares). */
export async function rebalance(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`insert into ledger_balances (account_id, mode, ledger_account, currency, balance, updated_at)
    select account_id, mode, ledger_account, currency, sum(amount), now() from ledger_postings group by 1, 2, 3, 4
    on conflict (account_id, mode, ledger_account, currency) do update set balance = excluded.balance, updated_at = now()`);
  await sql.unsafe(`insert into seller_balances (seller_id, account_id, mode, ledger_account, currency, balance, updated_at)
    select seller_id, min(account_id::text)::uuid, min(mode), ledger_account, min(currency), sum(amount), now()
    from ledger_postings where seller_id is not null group by seller_id, ledger_account
    on conflict (seller_id, ledger_account) do update set balance = excluded.balance, updated_at = now()`);
  // sellers' paid-out totals, which settling a payout keeps (a checkout older than the column has none)
  const [paidOut] = await sql.unsafe(`select 1 from information_schema.columns where table_name = 'sellers' and column_name = 'paid_out'`);
  if (paidOut) {
    await sql.unsafe(`update sellers s set paid_out = t.total
      from (select seller_id, sum(amount) as total from payouts where seller_id is not null and status = 'success' group by seller_id) t
      where t.seller_id = s.id and s.paid_out <> t.total`);
  }
  // the counter summary's hourly totals, which triggers keep (a checkout older than the table has none)
  const [hours] = await sql.unsafe(`select 1 from information_schema.tables where table_name = 'payment_request_hours'`);
  if (hours) {
    await sql.begin(async (tx) => {
      await tx.unsafe(`lock table payment_request_hours in exclusive mode`);
      await tx.unsafe(`delete from payment_request_hours`);
      await tx.unsafe(`insert into payment_request_hours (account_id, mode, hour, collector, paid_count, paid_total, changes)
        select r.account_id, r.mode, date_trunc('hour', r.created_at at time zone 'UTC') at time zone 'UTC',
          case when r.created_by_user_id is not null then 'member:' || r.created_by_user_id
               when r.created_by_key_id is not null then 'api_key:' || r.created_by_key_id else '' end,
          count(*) filter (where k.paid), coalesce(sum(g.amount) filter (where k.paid), 0), count(*) + sum(k.attempts)
        from payment_requests r
        join payment_gateways g on g.id = r.payment_gateway_id
        cross join lateral (select count(*) as attempts, coalesce(bool_or(d.status = 'success' and d.duplicate_of is null), false) as paid
                            from deposits d where d.payment_gateway_id = r.payment_gateway_id) k
        group by 1, 2, 3, 4`);
    });
  }
  // the overview's daily totals, which triggers keep (skipped above with the foreign keys' checks):
  // counted again from the rows, as the migration that made them did
  await sql.begin(async (tx) => {
    await tx.unsafe(`lock table deposit_days, ledger_days in exclusive mode`);
    await tx.unsafe(`delete from deposit_days`);
    await tx.unsafe(`insert into deposit_days (account_id, mode, day, status, currency, count, amount)
      select account_id, mode, (created_at at time zone 'UTC')::date, status, currency, count(*), sum(amount)
      from deposits where status <> 'pending' group by 1, 2, 3, 4, 5`);
    await tx.unsafe(`delete from ledger_days`);
    await tx.unsafe(`insert into ledger_days (account_id, mode, currency, day, refund, amount)
      select p.account_id, p.mode, p.currency, (p.created_at at time zone 'UTC')::date, e.kind in ('refund', 'refund_failed'), sum(p.amount)
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where p.ledger_account in ('merchant_pending', 'merchant_available') and e.kind not in ('release', 'payout', 'payout_failed')
      group by 1, 2, 3, 4, 5`);
  });
}
