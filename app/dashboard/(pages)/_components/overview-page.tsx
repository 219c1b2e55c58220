"use client";

import Link from "next/link";
import { useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { formatNumber, formatPercent } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useStats } from "@/lib/query/stats";
import { useAccount } from "@/lib/query/account";
import type { Stats } from "@/lib/query/types";
import { LatestPayments } from "./latest-payments";
import { OverviewChart } from "./overview-chart";
import { QueryError } from "./query-error";
import { Can } from "@/lib/query/role";

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

export function OverviewPage() {
  const { t, fill } = useI18n();
  const [days, setDays] = useState<Period>(30);
  const stats = useStats(days);
  // no payment yet: the first steps offer the first link themselves, and a period means nothing
  const empty = stats.isSuccess && stats.data.payments.total === 0 && stats.data.previous.succeeded === 0;

  return (
    <>
      <PageHeader
        title={t.overview.title}
        description={fill(t.overview.intro, { days })}
        action={
          // not while the figures load either: a button that vanishes under a finger is worse than one that comes
          stats.isPending || empty ? undefined : (
            <Can operation="gateway_create" collects>
              <Link href="/dashboard/links?new=1" className={buttonClass("primary")}>
                {t.links.new}
              </Link>
            </Can>
          )
        }
      />
      {!empty && (
        <div className="mb-6">
          <PeriodChoice value={days} onChange={setDays} />
        </div>
      )}
      {stats.isPending ? (
        <OverviewSkeleton />
      ) : stats.isError ? (
        <QueryError error={stats.error} onRetry={() => stats.refetch()} />
      ) : empty ? (
        <FirstSteps />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures stats={stats.data} />
          {/* another period's figures stay, marked busy, until the new ones come (keepPreviousData) */}
          <OverviewChart stats={stats.data} stale={stats.isPlaceholderData} />
          <LatestPayments />
        </div>
      )}
    </>
  );
}

/**
 * A new account's first screen (and any overview with no payment yet): create the first link, or
 * take a payment at the counter; the API keys wait under Développeurs until someone asks for one.
 */
function FirstSteps() {
  const { t, fill } = useI18n();
  const w = t.access.welcome;
  const account = useAccount();
  const name = account.data?.business_name;
  return (
    <EmptyState
      title={name ? fill(w.title, { name }) : t.overview.emptyTitle}
      description={
        <>
          <span className="block">{w.text}</span>
          <Can operation="account_create_key">
            <span className="mt-2 block">
              <Link href="/dashboard/developers" className={cn("rounded text-teal-800 underline underline-offset-2", focusRing)}>
                {w.developers}
              </Link>
            </span>
          </Can>
        </>
      }
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Can operation="gateway_create" collects>
            <Link href="/dashboard/links?new=1" className={buttonClass("primary")} data-testid="first-link">
              {w.firstLink}
            </Link>
          </Can>
          <Can operation="payment_request_create" collects>
            <Link href="/dashboard/counter" className={buttonClass("secondary")}>
              {w.counter}
            </Link>
          </Can>
        </div>
      }
    />
  );
}

/** 7, 30 or 90 days: radio buttons that look like a segmented control. */
function PeriodChoice({ value, onChange }: { value: Period; onChange: (days: Period) => void }) {
  const { t, fill } = useI18n();
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="float-left mr-1 text-sm font-medium text-stone-700">{t.overview.period}</legend>
      <div className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5">
        {PERIODS.map((days) => (
          <label
            key={days}
            className={cn(
              "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-teal-700",
              value === days ? "bg-teal-700 text-white" : "text-stone-700 hover:bg-stone-100",
            )}
          >
            <input type="radio" name="period" value={days} checked={value === days} onChange={() => onChange(days)} className="sr-only" />
            {fill(t.overview.periodDays, { n: days })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** How the period compares with the one before, in words that do not rely on colour. */
function Compare({ now, before, days, amount }: { now: number; before: number; days: number; amount: string }) {
  const { t, lang, fill } = useI18n();
  if (before === 0) return <>{fill(t.overview.compareNone, { days })}</>;
  const change = (now - before) / before;
  const delta = formatPercent(Math.abs(change), lang);
  const words = change > 0.0005 ? t.overview.compareUp : change < -0.0005 ? t.overview.compareDown : t.overview.compareSame;
  return <span className={change > 0.0005 ? "text-emerald-800" : change < -0.0005 ? "text-red-800" : undefined}>{fill(words, { delta, days, amount })}</span>;
}

function Figures({ stats }: { stats: Stats }) {
  const { t, lang, fill, count } = useI18n();
  const [main] = stats.volumes;
  const finished = stats.payments.succeeded + stats.payments.failed + stats.payments.expired;
  const { previous, net } = stats;
  const money = (minor: number) => formatMoney(minor, stats.currency, lang);
  // the merchant's own money, net of refunds (the server's figure: sellers' shares are theirs)
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure label={t.overview.volume} value={money(net.amount)}>
        <span className="block">{fill(t.overview.volumeHint, { received: money(net.received), refunded: money(net.refunded) })}</span>
        <span className="block">
          <Compare now={net.amount} before={previous.net} days={stats.days} amount={money(previous.net)} />
        </span>
      </Figure>
      <Figure label={t.overview.count} value={formatNumber(stats.payments.succeeded, lang)}>
        <span className="block">{count(t.overview.attempts, stats.payments.total)}</span>
        <span className="block">
          <Compare now={main!.count} before={previous.succeeded} days={stats.days} amount={formatNumber(previous.succeeded, lang)} />
        </span>
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
