import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { depositDays, deposits, ledgerDays } from "@/lib/db/schema";
import type { stats } from "./schemas";

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The last `days` UTC days, today included: payment attempts (deposits) created in the period by
 * status, successful volumes per currency, and the daily series in the account's currency; and
 * the same series for the `days` days before, to compare with.
 */
export async function getStats(auth: Auth, days: number, now = new Date()): Promise<z.output<typeof stats>> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY;
  const previousFrom = from - days * DAY;
  const db = await getDb();
  // the daily totals the database keeps (deposit_days, ledger_days): a few rows a day, however many
  // payments a day brings; the pending attempts (few: the expiry finishes them) are counted as they are
  const inDays = (column: typeof depositDays.day | typeof ledgerDays.day, start: number) => and(gte(column, isoDay(start)), lte(column, isoDay(today)));

  const finishedGroups = await db
    .select({
      status: depositDays.status,
      currency: depositDays.currency,
      count: sql<number>`coalesce(sum(${depositDays.count}), 0)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${depositDays.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(depositDays)
    .where(and(ownedBy(depositDays, auth), inDays(depositDays.day, from)))
    .groupBy(depositDays.status, depositDays.currency);
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(deposits)
    .where(
      and(
        ownedBy(deposits, auth),
        eq(deposits.status, "pending"),
        gte(deposits.createdAt, new Date(from)),
        lt(deposits.createdAt, new Date(today + DAY)),
      ),
    );
  const groups = [...finishedGroups, { status: "pending" as const, currency: auth.currency, count: pending?.count ?? 0, amount: 0 }];

  const perDay = await db
    .select({
      date: sql<string>`to_char(${depositDays.day}, 'YYYY-MM-DD')`,
      succeeded: sql<number>`coalesce(sum(${depositDays.count}), 0)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${depositDays.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(depositDays)
    .where(
      and(
        ownedBy(depositDays, auth),
        inDays(depositDays.day, previousFrom),
        eq(depositDays.status, "success"),
        eq(depositDays.currency, auth.currency),
      ),
    )
    .groupBy(depositDays.day);

  // The merchant's own money, from the ledger (ARCHITECTURE.md "Money out"): every posting to its
  // pending or available balance but the moves that are not revenue (a hold's release moves money
  // between the two; a withdrawal, and its return when it fails, is the merchant's money leaving).
  // Refunds (and failed refunds' returns) are the other kinds that touch these accounts negatively.
  // ledger_days holds these sums per day (its trigger in lib/db/migrations says which postings).
  // per day, so the chart's bars and the headline are one measure: the bars of a period add up to its net
  const netRows = await db
    .select({
      date: sql<string>`to_char(${ledgerDays.day}, 'YYYY-MM-DD')`,
      refund: ledgerDays.refund,
      amount: sql<number>`coalesce(sum(${ledgerDays.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerDays)
    .where(and(ownedBy(ledgerDays, auth), eq(ledgerDays.currency, auth.currency), inDays(ledgerDays.day, previousFrom)))
    .groupBy(sql`1`, sql`2`);
  const net = { amount: 0, received: 0, refunded: 0 };
  let previousNet = 0;
  const netByDate = new Map<string, number>();
  for (const row of netRows) {
    netByDate.set(row.date, (netByDate.get(row.date) ?? 0) + row.amount);
    if (row.date < isoDay(from)) previousNet += row.amount;
    else if (row.refund) net.refunded -= row.amount;
    else net.received += row.amount;
  }
  net.amount = net.received - net.refunded;

  const payments = { total: 0, succeeded: 0, failed: 0, expired: 0, pending: 0 };
  const volumes = new Map<string, { currency: string; count: number; amount: number }>([
    [auth.currency, { currency: auth.currency, count: 0, amount: 0 }],
  ]);
  for (const group of groups) {
    payments.total += group.count;
    payments[group.status === "success" ? "succeeded" : group.status] += group.count;
    if (group.status !== "success") continue;
    const volume = volumes.get(group.currency) ?? { currency: group.currency, count: 0, amount: 0 };
    volume.count += group.count;
    volume.amount += group.amount;
    volumes.set(group.currency, volume);
  }
  const finished = payments.succeeded + payments.failed + payments.expired;
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const series = (start: number) =>
    Array.from({ length: days }, (_, i) => {
      const date = isoDay(start + i * DAY);
      const found = byDate.get(date);
      return { date, succeeded: found?.succeeded ?? 0, amount: found?.amount ?? 0, net: netByDate.get(date) ?? 0 };
    });
  const previous = series(previousFrom);

  return {
    days,
    from: isoDay(from),
    to: isoDay(today),
    currency: auth.currency,
    payments,
    success_rate: finished ? payments.succeeded / finished : null,
    volumes: [...volumes.values()].sort((a, b) =>
      a.currency === auth.currency ? -1 : b.currency === auth.currency ? 1 : a.currency.localeCompare(b.currency),
    ),
    net,
    daily: series(from),
    previous: {
      from: isoDay(previousFrom),
      to: isoDay(from - DAY),
      succeeded: previous.reduce((n, d) => n + d.succeeded, 0),
      amount: previous.reduce((n, d) => n + d.amount, 0),
      net: previousNet,
      daily: previous,
    },
  };
}
