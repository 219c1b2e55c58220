"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ExportForm } from "@/components/payments/export-form";
import { ProviderLog } from "@/components/providers/provider-log";
import { Card, PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, Input, Select } from "@/components/ui/field";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { countryLabel, operatorLabel } from "@/lib/i18n/labels";
import { depositOperations } from "@/lib/deposits/schemas";
import { normalizeTrackId } from "@/lib/deposits/track-id";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime, maskPhone } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useDeposit, useDeposits, usePayment } from "@/lib/query/deposits";
import type { Deposit, PaymentStatus } from "@/lib/query/types";
import { DepositTable } from "../../_components/latest-payments";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryError } from "../../_components/query-error";
import { QueryList } from "../../_components/query-list";
import { StatusBadge } from "../../_components/status-badge";
import { PaymentRefunds } from "./refunds";

const lookupSchema = depositOperations.byQuery.query;

export function DepositsPage({ initialTrackId }: { initialTrackId: string }) {
  const { t } = useI18n();
  const [trackId, setTrackId] = useState<string | null>(normalizeTrackId(initialTrackId) || null);
  const deposit = useDeposit(trackId);
  const form = useForm({ resolver: localizedZodResolver(lookupSchema, t), defaultValues: { track_id: initialTrackId } });
  // the lookup's own schema (lib/deposits/track-id.ts) trims and upper-cases what was typed
  const onSubmit = form.handleSubmit(({ track_id }) => {
    if (track_id === trackId) void deposit.refetch();
    else setTrackId(track_id);
  });

  return (
    <>
      <PageHeader title={t.deposits.title} description={t.deposits.intro} />
      <form onSubmit={onSubmit} noValidate className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={t.deposits.trackId} description={t.deposits.trackIdHint} error={form.formState.errors.track_id?.message} className="flex-1">
          <Input autoComplete="off" spellCheck={false} placeholder="TRK…" className="font-mono" {...form.register("track_id")} />
        </Field>
        <Button type="submit" className="sm:mt-7" loading={deposit.isFetching && !deposit.data}>
          {t.deposits.lookup}
        </Button>
      </form>

      <div aria-live="polite" className="mb-8">
        {trackId &&
          (deposit.isPending ? (
            <LoadingRegion label={t.common.loading}>
              <Skeleton className="h-48" />
            </LoadingRegion>
          ) : deposit.isError ? (
            <QueryError error={deposit.error} />
          ) : (
            <DepositCard deposit={deposit.data} />
          ))}
      </div>

      <RecentDeposits />
      <div className="mt-8">
        <ExportForm kind="payments" />
      </div>
    </>
  );
}

function DepositCard({ deposit }: { deposit: Deposit }) {
  const { t, lang, fill } = useI18n();
  const payment = usePayment(deposit.track_id); // its refunded amount (the public read has none): « Remboursé » says so
  return (
    <Card
      title={<span className="font-mono text-sm sm:text-base">{fill(t.deposits.cardTitle, { trackId: deposit.track_id })}</span>}
      action={<StatusBadge status={deposit.status} amount={deposit.amount} refunded={payment.data?.refunded_amount} />}
      className="max-w-2xl"
    >
      <p className="text-3xl font-bold tracking-tight tabular-nums">{formatMoney(deposit.amount, deposit.currency, lang)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Item label={t.deposits.phone}>
          <span className="font-mono">{maskPhone(deposit.phone_number)}</span>
        </Item>
        <Item label={t.deposits.operator}>{operatorLabel(deposit.operator, lang)}</Item>
        <Item label={t.deposits.country}>{countryLabel(deposit.country, lang)}</Item>
        <Item label={t.deposits.createdAt}>{formatDateTime(deposit.created_at, lang)}</Item>
      </dl>
      {deposit.status === "success" && <PaymentRefunds deposit={deposit} />}
      <Link
        href={`/dashboard/payments/${encodeURIComponent(deposit.track_id)}`}
        className={cn("mt-4 inline-flex rounded text-sm font-medium text-teal-800 underline underline-offset-2", focusRing)}
      >
        {fill(t.payment.open, { trackId: deposit.track_id })}
      </Link>
      <ProviderLog trackId={deposit.track_id} pending={deposit.status === "pending"} />
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function RecentDeposits() {
  const { t, lang, fill } = useI18n();
  const [status, setStatus] = useState<PaymentStatus | "">("");
  const pages = useCursorPages(status);
  const deposits = useDeposits({ status: status || undefined }, pages.cursor, 20);
  return (
    <section aria-labelledby="recent-deposits">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="recent-deposits" className="text-lg font-semibold">
          {t.deposits.recent}
        </h2>
        <Field label={t.deposits.status} hideLabel className="w-48">
          <Select value={status} onChange={(e) => setStatus(e.target.value as PaymentStatus | "")}>
            <option value="">
              {fill(t.common.labelled, { label: t.deposits.status, value: t.common.all })}
            </option>
            {depositStatuses.map((s) => (
              <option key={s} value={s}>
                {t.status[s]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <QueryList
        query={deposits}
        items={deposits.data?.items}
        loading={t.common.loading}
        empty={<p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-8 text-center text-sm text-stone-600">{t.deposits.recentEmpty}</p>}
      >
        {(items) => (
          <>
            <DepositTable items={items} lang={lang} label={t.deposits.recentTable} />
            <Pager page={pages.page} hasNext={Boolean(deposits.data?.next)} onNext={() => deposits.data?.next && pages.next(deposits.data.next)} onPrevious={pages.previous} />
          </>
        )}
      </QueryList>
    </section>
  );
}
