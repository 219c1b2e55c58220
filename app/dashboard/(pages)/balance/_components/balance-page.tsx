"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "next/link";
import { fill } from "@/lib/core/fill";
import { operatorLabel, reasonLabel } from "@/lib/i18n/labels";
import { formatDateTime, maskPhone } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { useBalance, useBalanceTransactions, useWithdrawals, type Balance, type BalanceLine } from "@/lib/query/money";
import { DisbursementBadge } from "../../_components/money";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryError } from "../../_components/query-error";
import { QueryList } from "../../_components/query-list";
import { Can } from "@/lib/query/role";
import { usePayoutNumbers, useRemovePayoutNumber, type PayoutNumberItem } from "@/lib/query/payout-numbers";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

// the withdrawal form (react-hook-form, phone numbers) loads when first opened, as the other dialogs do
const WithdrawDialog = dynamic(() => import("./withdraw-dialog").then((m) => m.WithdrawDialog), { ssr: false });

export function BalancePage() {
  const { t } = useI18n();
  const w = t.money.balance;
  const balance = useBalance();
  const account = useAccount();
  const [withdrawing, setWithdrawing] = useState(false);
  const canWithdraw = Boolean(balance.data?.available.some((a) => a.amount > 0));

  return (
    <>
      <PageHeader
        title={w.title}
        description={w.intro}
        action={
          // a viewer or a developer never moves money: no withdraw button
          <Can operation="payout_create">
            <Button onClick={() => setWithdrawing(true)} disabled={!canWithdraw} aria-describedby={balance.data && !canWithdraw ? "nothing-to-withdraw" : undefined}>
              {w.withdraw}
            </Button>
          </Can>
        }
      />
      {balance.data && !canWithdraw && (
        <p id="nothing-to-withdraw" className="-mt-4 mb-4 text-sm text-stone-600">
          {w.nothingToWithdraw}
        </p>
      )}
      {balance.isPending ? (
        <LoadingRegion label={t.common.loading}>
          <Skeleton className="mb-6 h-28" />
        </LoadingRegion>
      ) : balance.isError ? (
        <QueryError error={balance.error} />
      ) : (
        <Totals balance={balance.data} currency={account.data?.currency ?? balance.data.available[0]?.currency ?? "XAF"} />
      )}
      <div className="mt-8 grid grid-cols-1 gap-8">
        <Withdrawals />
        <SavedNumbers />
        <Movements />
      </div>
      {withdrawing && balance.data && account.data && (
        <WithdrawDialog open onClose={() => setWithdrawing(false)} available={balance.data.available} accountCountry={account.data.country.iso_code} />
      )}
    </>
  );
}

type Amounts = Balance["available"];

/**
 * Every bucket of GET /v1/balance, per currency (an empty one reads 0 in the account's currency):
 * the merchant's money first, then the marketplace sellers', which is never the merchant's.
 */
function Totals({ balance, currency }: { balance: Balance; currency: string }) {
  const { t, lang } = useI18n();
  const w = t.money.balance;
  const list = (amounts: Amounts) => (amounts.length ? amounts : [{ currency, amount: 0 }]);
  const of = (amounts: Amounts, c: string) => amounts.find((a) => a.currency === c)?.amount ?? 0;
  const yours = [
    { key: "available", label: w.available, hint: w.availableHint, amounts: balance.available, strong: true },
    { key: "pending", label: w.pending, hint: w.pendingHint, amounts: balance.pending },
    { key: "merchant-in-flight", label: w.merchantInFlight, hint: w.merchantInFlightHint, amounts: balance.merchant_in_flight },
    { key: "refunds-in-flight", label: w.refundsInFlight, hint: w.refundsInFlightHint, amounts: balance.refunds_in_flight },
    { key: "seller-debt", label: w.sellerDebt, hint: w.sellerDebtHint, amounts: balance.seller_debt },
  ];
  const theirs = [
    { key: "sellers", label: w.sellers, hint: w.sellersHint, amounts: balance.seller_payable, split: true },
    { key: "sellers-in-flight", label: w.sellersInFlight, hint: w.sellersInFlightHint, amounts: balance.seller_in_flight },
  ];
  const tile = (tile: (typeof yours)[number] & { split?: boolean }) => (
    <div key={tile.key} className="rounded-lg border border-stone-200 bg-white p-4" data-testid={`balance-${tile.key}`}>
      <dt className="text-sm font-medium text-stone-600">{tile.label}</dt>
      <dd className="mt-1">
        {list(tile.amounts).map((a) => (
          <p key={a.currency} className={cn("tabular-nums", tile.strong ? "text-2xl font-bold tracking-tight" : "text-xl font-semibold")}>
            {formatMoney(a.amount, a.currency, lang)}
            {tile.split && a.amount > 0 && (
              <span className="block text-xs font-normal text-stone-600">
                {fill(w.sellersSplit, { pending: formatMoney(of(balance.seller_pending, a.currency), a.currency, lang), available: formatMoney(of(balance.seller_available, a.currency), a.currency, lang) })}
              </span>
            )}
          </p>
        ))}
        <p className="mt-1 text-xs text-stone-500">{tile.hint}</p>
      </dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-6" data-testid="balance-totals">
      <section aria-label={w.yours}>
        <h2 className="mb-2 text-sm font-semibold text-stone-700">{w.yours}</h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{yours.map(tile)}</dl>
      </section>
      <section aria-label={w.theirs}>
        <h2 className="mb-2 text-sm font-semibold text-stone-700">{w.theirs}</h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{theirs.map(tile)}</dl>
      </section>
    </div>
  );
}

function Withdrawals() {
  const { t, lang } = useI18n();
  const w = t.money.balance;
  const withdrawals = useWithdrawals();
  return (
    <Card title={w.withdrawals}>
      <QueryList query={withdrawals} items={withdrawals.data} loading={t.common.loading} empty={<p className="text-sm text-stone-600">{w.withdrawalsEmpty}</p>}>
        {(items) => (
          // a table, one card per withdrawal on phones: amount and status, the number, when (components/ui/table.tsx)
          <Table label={w.withdrawals}>
            <THead>
              <Th>{w.date}</Th>
              <Th className="text-right">{w.amount}</Th>
              <Th>{w.status}</Th>
              <Th>{w.to}</Th>
            </THead>
            <TBody>
              {items.map((p) => (
                <Tr key={p.id} testId="withdrawal">
                  <Td kind="when" className="whitespace-nowrap text-stone-600">{formatDateTime(p.created_at, lang)}</Td>
                  <Td kind="amount" className="text-right font-semibold whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency, lang)}</Td>
                  <Td kind="status">
                    <DisbursementBadge status={p.status} />
                    {p.failure_reason && <span className="mt-1 block text-xs text-red-800">{fill(t.money.payout.reason, { reason: reasonLabel(p.failure_reason, t) })}</span>}
                  </Td>
                  <Td kind="who" className="text-stone-600">
                    <span className="font-mono whitespace-nowrap">{maskPhone(p.phone_number)}</span> · {operatorLabel(p.operator, lang, true)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryList>
    </Card>
  );
}

/**
 * The saved payout numbers (offered by the withdrawal dialog), masked, with their operator and name;
 * deleted here by those who may (DELETE /v1/payout-numbers/{id}).
 */
function SavedNumbers() {
  const { t, lang } = useI18n();
  const n = t.input.payoutNumbers;
  const numbers = usePayoutNumbers();
  const remove = useRemovePayoutNumber();
  const [toRemove, setToRemove] = useState<PayoutNumberItem | null>(null);
  const shown = (number: PayoutNumberItem) => number.phone_number_masked.replace(/•+/, "••");
  return (
    <Card title={n.listTitle}>
      <p className="mb-3 text-sm text-stone-600">{n.listIntro}</p>
      <QueryList query={numbers} items={numbers.data} loading={t.common.loading} rows={1} empty={<p className="text-sm text-stone-600">{n.listEmpty}</p>}>
        {(items) => (
          <Table label={n.listTitle}>
            <THead actions={t.common.actions}>
              <Th>{n.colNumber}</Th>
              <Th>{n.colOperator}</Th>
              <Th className="hidden md:table-cell">{n.colSaved}</Th>
            </THead>
            <TBody>
              {items.map((number) => (
                <Tr key={number.id} testId="payout-number">
                  <Td kind="primary">
                    <span className="font-mono font-normal whitespace-nowrap">{shown(number)}</span>
                    {number.label && <span className="block text-sm">{number.label}</span>}
                  </Td>
                  <Td kind="status" className="text-stone-700">{operatorLabel(number.operator, lang)}</Td>
                  <Td kind="secondary" className="hidden whitespace-nowrap text-stone-600 md:table-cell">{formatDateTime(number.created_at, lang)}</Td>
                  <Td kind="actions" className="text-right">
                    <Can operation="payout_number_remove">
                      <div className="flex justify-end">
                        <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" aria-label={fill(n.removeLabel, { number: [number.label, shown(number)].filter(Boolean).join(" ") })} onClick={() => setToRemove(number)}>
                          {n.remove}
                        </Button>
                      </div>
                    </Can>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryList>
      <ConfirmDialog
        open={Boolean(toRemove)}
        title={n.removeTitle}
        text={toRemove && fill(n.removeText, { number: shown(toRemove), operator: operatorLabel(toRemove.operator, lang) })}
        confirmLabel={n.remove}
        successMessage={n.removed}
        onConfirm={() => remove.mutateAsync(toRemove!.id)}
        onClose={() => setToRemove(null)}
      />
    </Card>
  );
}

function Movements() {
  const { t, lang } = useI18n();
  const w = t.money.balance;
  const pages = useCursorPages("movements");
  const lines = useBalanceTransactions(pages.cursor);
  return (
    <section aria-labelledby="movements-title">
      <h2 id="movements-title" className="mb-3 text-lg font-semibold">
        {w.movements}
      </h2>
      <QueryList
        query={lines}
        items={lines.data?.items}
        loading={t.common.loading}
        empty={<p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-8 text-center text-sm text-stone-600">{w.movementsEmpty}</p>}
      >
        {(items) => (
          <>
            {/* one list: a table, one card per movement on phones (components/ui/table.tsx) */}
            <div>
              <Table label={w.movements}>
                <THead>
                  <Th>{w.date}</Th>
                  <Th>{w.type}</Th>
                  <Th>{w.account}</Th>
                  <Th className="text-right">{w.amount}</Th>
                  <Th>{w.source}</Th>
                </THead>
                <TBody>
                  {items.map((line) => (
                    <MovementRow key={line.id} line={line} lang={lang} />
                  ))}
                </TBody>
              </Table>
            </div>
            <Pager page={pages.page} hasNext={Boolean(lines.data?.next)} onNext={() => lines.data?.next && pages.next(lines.data.next)} onPrevious={pages.previous} />
          </>
        )}
      </QueryList>
    </section>
  );
}

function Amount({ line, lang }: { line: BalanceLine; lang: "fr" | "en" }) {
  return (
    <span className={cn("font-medium whitespace-nowrap tabular-nums", line.amount < 0 ? "text-red-800" : "text-emerald-800")}>
      {line.amount > 0 ? "+" : ""}
      {formatMoney(line.amount, line.currency, lang)}
    </span>
  );
}

function MovementRow({ line, lang }: { line: BalanceLine; lang: "fr" | "en" }) {
  const { t } = useI18n();
  const w = t.money.balance;
  return (
    <Tr testId="movement">
      <Td kind="when" className="whitespace-nowrap text-stone-600">{formatDateTime(line.created_at, lang)}</Td>
      <Td kind="primary" className="whitespace-nowrap">{t.money.kinds[line.type]}</Td>
      <Td kind="detail" label={w.account} className="whitespace-nowrap">
        {t.money.accounts[line.account]}
        {line.available_at && line.account === "merchant_pending" && line.amount > 0 && (
          <span className="block text-xs text-stone-500">{fill(w.availableAt, { date: formatDateTime(line.available_at, lang) })}</span>
        )}
      </Td>
      <Td kind="amount" className="text-right">
        <Amount line={line} lang={lang} />
      </Td>
      <Td kind="detail" label={w.source} className="text-xs">
        <Origin line={line} lang={lang} />
      </Td>
    </Tr>
  );
}

/** Where a movement comes from, in words (« Paiement de Awa, 5 000 FCFA »), linking to the payment. */
function Origin({ line, lang }: { line: BalanceLine; lang: "fr" | "en" }) {
  const { t } = useI18n();
  const w = t.money.balance;
  const { source } = line;
  if (source.track_id === null || source.payment_amount === null) return <>{w.sourceWithdrawal}</>;
  const amount = formatMoney(source.payment_amount, line.currency, lang);
  const named = source.buyer_name !== null;
  const template =
    source.type === "refund" ? (named ? w.sourceRefundNamed : w.sourceRefund) : source.type === "payout" ? (named ? w.sourcePayoutNamed : w.sourcePayout) : named ? w.sourceDepositNamed : w.sourceDeposit;
  return (
    <Link href={`/dashboard/payments/${encodeURIComponent(source.track_id)}`} className={cn("rounded text-teal-800 underline underline-offset-2", focusRing)}>
      {fill(template, { name: source.buyer_name ?? "", amount })}
    </Link>
  );
}
