"use client";

import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { formatDate, formatMoney, formatNumber, formatPercent } from "@/lib/i18n/numbers";
import { useStats } from "@/lib/query/stats";
import type { Stats } from "@/lib/query/types";
import { LatestPayments } from "./latest-payments";
import { QueryError } from "./query-error";

const DAYS = 30;

export function OverviewPage() {
  const { t, format } = useI18n();
  const stats = useStats(DAYS);

  return (
    <>
      <PageHeader
        title={t.overview.title}
        description={format(t.overview.intro, { days: DAYS })}
        action={
          <Link href="/dashboard/links?new=1" className={buttonClass("primary")}>
            {t.links.new}
          </Link>
        }
      />
      {stats.isPending ? (
        <OverviewSkeleton />
      ) : stats.isError ? (
        <QueryError error={stats.error} onRetry={() => stats.refetch()} />
      ) : stats.data.payments.total === 0 ? (
        <EmptyState
          title={t.overview.emptyTitle}
          description={t.overview.emptyText}
          action={
            <Link href="/dashboard/links?new=1" className={buttonClass("primary")}>
              {t.overview.emptyAction}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures stats={stats.data} />
          <Chart stats={stats.data} />
          <LatestPayments />
        </div>
      )}
    </>
  );
}

function Figures({ stats }: { stats: Stats }) {
  const { t, lang, format } = useI18n();
  const [main, ...others] = stats.volumes;
  const finished = stats.payments.succeeded + stats.payments.failed + stats.payments.expired;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure label={t.overview.volume} value={formatMoney(main!.amount, main!.currency, lang)}>
        {others.map((v) => (
          <span key={v.currency} className="block">
            + {formatMoney(v.amount, v.currency, lang)}
          </span>
        ))}
      </Figure>
      <Figure label={t.overview.count} value={formatNumber(stats.payments.succeeded, lang)}>
        {format(t.overview.attempts, { n: stats.payments.total })}
      </Figure>
      <Figure label={t.overview.successRate} value={stats.success_rate === null ? t.common.none : formatPercent(stats.success_rate, lang)}>
        {t.overview.successRateHint} ({finished})
      </Figure>
    </dl>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
      {children && <dd className="mt-1 text-xs text-stone-500">{children}</dd>}
    </div>
  );
}

/** Thirty CSS bars, one per day; each bar's words are there for screen readers. */
function Chart({ stats }: { stats: Stats }) {
  const { t, lang, format } = useI18n();
  const max = Math.max(...stats.daily.map((d) => d.amount), 1);
  const day = (date: string) => formatDate(date, lang, { day: "numeric", month: "short" });
  const empty = stats.daily.every((d) => d.succeeded === 0);
  return (
    <Card title={t.overview.chartTitle}>
      {empty ? (
        <p className="py-8 text-center text-sm text-stone-600">{t.overview.chartEmpty}</p>
      ) : (
        <figure>
          <ol className="flex h-40 items-end gap-[2px] sm:gap-1" aria-label={t.overview.chartTitle}>
            {stats.daily.map((d) => {
              const words = format(t.overview.chartDay, { date: day(d.date), count: d.succeeded, amount: formatMoney(d.amount, stats.currency, lang) });
              return (
                <li key={d.date} className="group relative flex h-full flex-1 items-end" title={words}>
                  <span className="sr-only">{words}</span>
                  <span
                    aria-hidden="true"
                    className={d.amount ? "w-full rounded-t-sm bg-teal-600 group-hover:bg-teal-800" : "w-full rounded-t-sm bg-stone-200"}
                    style={{ height: d.amount ? `${Math.max(4, (d.amount / max) * 100)}%` : "2px" }}
                  />
                </li>
              );
            })}
          </ol>
          <figcaption aria-hidden="true" className="mt-2 flex justify-between text-xs text-stone-500">
            <span>{day(stats.from)}</span>
            <span>{day(stats.to)}</span>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}

function OverviewSkeleton() {
  const { t } = useI18n();
  return (
    <LoadingRegion label={t.overview.loading}>
      <div className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-56" />
        <Skeleton className="h-64" />
      </div>
    </LoadingRegion>
  );
}
