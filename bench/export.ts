// Memory benchmark of the streamed answers: `npm run bench:export` (no build needed: they run
// in-process). For each database (PostgreSQL in a fresh database of the local server, dropped at the
// end; PGlite in a fresh DATA_DIR) it inserts deposits and payment links with SQL (generate_series)
// for one account, then streams, for 10,000 and for 100,000 rows, the body of
//   export  GET /v1/exports/payments (lib/exports/export-payments.ts), the CSV export;
//   list    GET /v1/gateway without `limit` (its route handler), the whole list as one JSON array;
// reading it chunk by chunk as a client would (nothing kept), sampling heap and RSS after each chunk.
// If a stream held its rows, the 100,000-row peak would be about ten times the 10,000-row one;
// streamed by keyset batches, both peaks are about one batch. `heap_live_growth_mb` is the heap
// still in use after a garbage collection (every tenth batch): what the export keeps alive; the
// peak figures include garbage not yet collected. It prints the figures; it asserts nothing.
//
// Settings (environment):
//   BENCH_ROWS=100000             the large export (the small one is a tenth of it)
//   BENCH_DATABASES=postgres,pglite
//   BENCH_STREAMS=export,list
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where the bench database is created
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { insertLinksSql } from "./links-sql";

process.env.LOG_LEVEL ??= "silent";

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const DATABASES = (process.env.BENCH_DATABASES || "postgres,pglite").split(",");
const STREAMS = (process.env.BENCH_STREAMS || "export,list").split(",");
const PG_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function main() {
  const { useDatabase: openDatabase, closeDb, getDb } = await import("@/lib/db/client");
  const { createAccount } = await import("@/lib/accounts/create-account");
  const { findAuthByKeyHash } = await import("@/lib/accounts/queries");
  const { hashApiKey } = await import("@/lib/accounts/api-keys");
  const { createGateway } = await import("@/lib/gateways/create-gateway");
  const { exportPayments } = await import("@/lib/exports/export-payments");
  const gateways = await import("@/app/v1/gateway/route");
  const { sql } = await import("drizzle-orm");
  const results: Record<string, unknown>[] = [];

  for (const database of DATABASES) {
    const name = `kola_wt_ux_gaps_bench_${randomBytes(3).toString("hex")}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-bench-export-"));
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    try {
      if (database === "postgres") {
        await admin.unsafe(`create database ${name}`);
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
      } else {
        await openDatabase({ dataDir });
      }
      const created = await createAccount({ email: `bench-${name}@example.com`, password: "bench-password-1", business: "Bench", country: "CMR" });
      const auth = (await findAuthByKeyHash(hashApiKey(created.api_key)))!;
      const link = await createGateway(auth, { amount: 5000, shop_name: "Boutique, \"Bench\"", message: "", order_id: "", success_url: "", failure_url: "" });
      const db = await getDb();
      // ROWS deposits over 100 days from 2026-01-01; the first tenth of them fall in the first 10 days
      const started = performance.now();
      await db.execute(sql`
        insert into deposits (account_id, mode, track_id, amount, currency, country, operator, phone_number, status, failure_reason, provider, payment_gateway_id, created_at)
        select ${auth.accountId}, 'test', 'TRKBENCH' || i, 5000 + i % 100, 'XAF', 'CMR', 'MTN_MOMO_CMR', '2376700' || lpad((i % 100000)::text, 5, '0'),
               'failed', 'insufficient_funds', 'sandbox', ${link.id},
               timestamptz '2026-01-01T00:00:00Z' + (i * (interval '100 days' / ${ROWS}))
        from generate_series(0, ${ROWS - 1}) i`);

      if (STREAMS.includes("list")) {
        // ROWS links more (and a tenth of them), for the whole GET /v1/gateway list
        await db.execute(sql.raw(insertLinksSql(auth.accountId, ROWS)));
      }
      const insertSeconds = (performance.now() - started) / 1000;
      const listOf = async (q: string) => {
        const url = `http://kola.test/v1/gateway${q}`;
        const response = await gateways.GET(new Request(url, { headers: { "api-key": created.api_key } }), { params: Promise.resolve({}) });
        if (!response.ok || !response.body) throw new Error(`GET /v1/gateway${q} answered ${response.status}`);
        return response.body.getReader();
      };
      const streams = [
        ...(STREAMS.includes("export")
          ? [
              { kind: "export", rows: ROWS / 10, open: async () => exportPayments(auth, { from: "2026-01-01", to: "2026-01-10" }).getReader(), marker: "\n", extra: 1 },
              { kind: "export", rows: ROWS, open: async () => exportPayments(auth, { from: "2026-01-01", to: "2026-04-10" }).getReader(), marker: "\n", extra: 1 },
            ]
          : []),
        ...(STREAMS.includes("list")
          ? [
              // the links of a tenth (q=Petite), then all of them (and the one made above)
              { kind: "list", rows: ROWS / 10, open: () => listOf("?q=Petite"), marker: '"creation_date":', extra: 0 },
              { kind: "list", rows: ROWS + 1, open: () => listOf(""), marker: '"creation_date":', extra: 0 },
            ]
          : []),
      ];

      for (const { kind, rows, open, marker, extra } of streams) {
        gc();
        const base = process.memoryUsage();
        let peakHeap = base.heapUsed;
        let peakRss = base.rss;
        let peakLive = base.heapUsed;
        let bytes = 0;
        let items = 0;
        let chunks = 0;
        const t0 = performance.now();
        const reader = await open();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          // every chunk holds whole lines (export) or whole list items: count them, keep nothing
          items += decoder.decode(value).split(marker).length - 1;
          const now = process.memoryUsage();
          peakHeap = Math.max(peakHeap, now.heapUsed);
          peakRss = Math.max(peakRss, now.rss);
          // what the stream keeps alive (garbage collected first), every tenth batch
          if (++chunks % 10 === 0) {
            gc();
            peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
          }
        }
        const row = {
          database,
          stream: kind,
          rows: items - extra,
          expected_rows: rows,
          mb: +(bytes / MB).toFixed(1),
          seconds: +((performance.now() - t0) / 1000).toFixed(2),
          heap_base_mb: +(base.heapUsed / MB).toFixed(1),
          heap_live_growth_mb: +((peakLive - base.heapUsed) / MB).toFixed(1),
          heap_peak_growth_mb: +((peakHeap - base.heapUsed) / MB).toFixed(1),
          rss_peak_growth_mb: +((peakRss - base.rss) / MB).toFixed(1),
          insert_seconds: +insertSeconds.toFixed(1),
        };
        results.push(row);
        console.log(JSON.stringify(row));
      }
    } finally {
      await closeDb();
      if (database === "postgres") await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.table(results);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
