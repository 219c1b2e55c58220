"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { isCountry, operatorObject } from "@/lib/countries";
import { payoutOperatorOf } from "@/lib/countries/operator-of-number";
import { fill } from "@/lib/core/fill";
import { formatDateTime } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useReleaseSeller, useSeller, type Seller } from "@/lib/query/sellers";
import { phoneText } from "../../../_components/money";
import { QueryError } from "../../../_components/query-error";
import { HoldDialog } from "./hold-dialog";
import { SellerPayouts, SellerRefunds } from "./seller-money-lists";
import { SellerSales } from "./seller-sales";
import { Can } from "@/lib/query/role";

export function SellerPage({ id }: { id: string }) {
  const { t } = useI18n();
  const w = t.sellers;
  const seller = useSeller(id);
  const notFound = seller.error instanceof ApiRequestError && (seller.error.status === 404 || seller.error.status === 422);
  return (
    <div className="flex flex-col gap-6">
      <Link href="/dashboard/sellers" className={cn("self-start rounded text-sm font-medium text-teal-800 hover:underline", focusRing)}>
        <span aria-hidden="true">←</span> {w.back}
      </Link>
      {seller.isPending ? (
        <LoadingRegion label={w.loading}>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="mt-4 h-28 w-full" />
        </LoadingRegion>
      ) : notFound ? (
        <EmptyState title={w.notFound} />
      ) : seller.isError ? (
        <QueryError error={seller.error} onRetry={() => void seller.refetch()} />
      ) : (
        <>
          <Header seller={seller.data} />
          <Balance seller={seller.data} />
          <SellerSales seller={seller.data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <SellerRefunds seller={seller.data} />
            <SellerPayouts seller={seller.data} />
          </div>
        </>
      )}
    </div>
  );
}

function Header({ seller: s }: { seller: Seller }) {
  const { t, lang } = useI18n();
  const w = t.sellers;
  const release = useReleaseSeller();
  const [holding, setHolding] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const money = (minor: number) => formatMoney(minor, s.currency, lang);
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words">{s.name}</h1>
        {s.on_hold && <Badge tone="failed">{w.onHold}</Badge>}
      </div>
      <p className="font-mono text-sm text-stone-700">{phoneText(s.phone_number)}</p>
      <PayoutOperator seller={s} />
      {s.on_hold && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950" data-testid="hold-notice">
          {fill(w.holdSince, { date: formatDateTime(s.held_at!, lang) })}
          {s.hold_reason && ` — ${s.hold_reason}`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {s.balance.pending > 0 && (
          <Can operation="seller_release">
            <Button size="sm" onClick={() => setReleasing(true)}>
              {w.release.action}
            </Button>
          </Can>
        )}
        <Can operation="seller_update">
          <Button variant={s.on_hold ? "secondary" : "ghost"} size="sm" className={cn(!s.on_hold && "text-red-800 hover:bg-red-50")} onClick={() => setHolding(true)}>
            {s.on_hold ? w.hold.clear : w.hold.action}
          </Button>
        </Can>
      </div>
      <ConfirmDialog
        open={releasing}
        title={w.release.title}
        text={fill(w.release.text, { amount: money(s.balance.pending), hold: s.on_hold ? w.release.onHold : "" })}
        confirmLabel={w.release.action}
        successMessage={w.release.done}
        onConfirm={() => release.mutateAsync({ id: s.id })}
        onClose={() => setReleasing(false)}
      />
      {holding && <HoldDialog seller={s} onClose={() => setHolding(false)} />}
    </header>
  );
}

/** The operator its payouts go to: its number's, by its prefix (the server's rule, lib/countries/operator-of-number.ts). */
function PayoutOperator({ seller: s }: { seller: Seller }) {
  const { t } = useI18n();
  const w = t.sellers;
  const operator = isCountry(s.country) ? payoutOperatorOf(s.phone_number, s.country) : null;
  if (!operator) {
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="payout-operator">
        {w.payoutOperatorUnknown}
      </p>
    );
  }
  return (
    <p className="text-sm text-stone-700" data-testid="payout-operator" title={w.payoutOperatorHint}>
      {fill(w.payoutOperator, { operator: operatorObject(operator).name })}
    </p>
  );
}

function Balance({ seller: s }: { seller: Seller }) {
  const { t, lang } = useI18n();
  const w = t.sellers.balance;
  const debt = s.balance.available < 0;
  const tiles = [
    { key: "pending", label: w.pending, hint: w.pendingHint, amount: s.balance.pending },
    { key: "available", label: debt ? w.debt : w.available, hint: debt ? w.debtHint : w.availableHint, amount: Math.abs(s.balance.available), alert: debt },
    { key: "in-flight", label: w.inFlight, hint: w.inFlightHint, amount: s.balance.in_flight },
    { key: "paid-out", label: w.paidOut, hint: w.paidOutHint, amount: s.balance.paid_out },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="seller-balance">
      {tiles.map((tile) => (
        <div key={tile.key} className={cn("rounded-lg border bg-white p-4", tile.alert ? "border-red-300" : "border-stone-200")} data-testid={`seller-${tile.key}`}>
          <dt className={cn("text-sm font-medium", tile.alert ? "text-red-800" : "text-stone-600")}>{tile.label}</dt>
          <dd className="mt-1">
            <p className="text-xl font-semibold tabular-nums">{formatMoney(tile.amount, s.currency, lang)}</p>
            <p className="mt-1 text-xs text-stone-500">{tile.hint}</p>
          </dd>
        </div>
      ))}
    </dl>
  );
}
