import { and, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, ledgerEntries, ledgerPostings } from "@/lib/db/schema";
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
  const inPeriod = and(ownedBy(deposits, auth), gte(deposits.createdAt, new Date(from)), lt(deposits.createdAt, new Date(today + DAY)));
  const db = await getDb();

  const groups = await db
    .select({
      status: deposits.status,
      currency: deposits.currency,
      count: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${deposits.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(deposits)
    .where(inPeriod)
    .groupBy(deposits.status, deposits.currency);

  const day = sql<string>`to_char(${deposits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({
      date: day,
      succeeded: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${deposits.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(deposits)
    .where(
      and(
        ownedBy(deposits, auth),
        gte(deposits.createdAt, new Date(previousFrom)),
        lt(deposits.createdAt, new Date(today + DAY)),
        eq(deposits.status, "success"),
        eq(deposits.currency, auth.currency),
      ),
    )
    .groupBy(day);

  // The merchant's own money, from the ledger (ARCHITECTURE.md "Money out"): every posting to its
  // pending or available balance but the moves that are not revenue (a hold's release moves money
  // between the two; a withdrawal, and its return when it fails, is the merchant's money leaving).
  // Refunds (and failed refunds' returns) are the other kinds that touch these accounts negatively.
  const isRefund = sql<boolean>`${ledgerEntries.kind} in ('refund', 'refund_failed')`;
  const netRows = await db
    .select({
      current: sql<boolean>`${ledgerPostings.createdAt} >= ${new Date(from).toISOString()}::timestamptz`,
      refund: isRefund,
      amount: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        ownedBy(ledgerPostings, auth),
        inArray(ledgerPostings.ledgerAccount, ["merchant_pending", "merchant_available"]),
        notInArray(ledgerEntries.kind, ["release", "payout", "payout_failed"]),
        eq(ledgerPostings.currency, auth.currency),
        gte(ledgerPostings.createdAt, new Date(previousFrom)),
        lt(ledgerPostings.createdAt, new Date(today + DAY)),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  const net = { amount: 0, received: 0, refunded: 0 };
  let previousNet = 0;
  for (const row of netRows) {
    if (!row.current) previousNet += row.amount;
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
      return { date, succeeded: found?.succeeded ?? 0, amount: found?.amount ?? 0 };
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
