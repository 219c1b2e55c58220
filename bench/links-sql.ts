// `rows` payment links for one account, as the benchmarks insert them (bench/api.ts before the
// server opens the database, bench/export.ts in-process): a tenth named "Petite liste", so that
// `?q=Petite` lists a tenth of them. `accountId` is an id the benchmark made itself.
export function insertLinksSql(accountId: string, rows: number): string {
  return `insert into payment_gateways (account_id, mode, amount, currency, country, shop_name, message, order_id)
    select '${accountId}', 'test', 1000 + i, 'XAF', 'CMR', case when i % 10 = 0 then 'Petite liste' else 'Grande liste' end,
      'Lien numéro ' || i, 'bench-' || i
    from generate_series(1, ${rows}) as i`;
}
