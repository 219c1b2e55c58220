"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { invoiceOperations } from "@/lib/invoices/schemas";
import { useAccount } from "@/lib/query/account";
import { useCancelInvoice, useInvoice, useInvoicePayments, useInvoiceReminders, type Invoice } from "@/lib/query/invoices";
import { useMayCall } from "@/lib/query/role";
import { QueryError } from "../../_components/query-error";
import { ShareLink } from "../../_components/share-link";
import { StatusBadge } from "../../_components/status-badge";
import { cancellable, dueText, statusTone, stepText } from "./invoice-words";

/** One invoice: what is billed, paid and left; its payments and the reminders sent; share, print, cancel. */
export function InvoiceDetail({ id }: { id: string }) {
  const { t, lang, fill } = useI18n();
  const w = t.invoices;
  const invoice = useInvoice(id);
  const account = useAccount();
  const cancel = useCancelInvoice();
  const mayCancel = useMayCall(invoiceOperations.cancel);
  const [confirming, setConfirming] = useState(false);

  if (invoice.isPending) return <Skeleton className="h-60" />;
  if (invoice.isError) return <QueryError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  const inv = invoice.data;
  const money = (minor: number) => formatMoney(minor, inv.currency, lang);
  const title = inv.reference ? `${inv.reference} · ${inv.customer.name}` : inv.customer.name;
  const open = cancellable(inv.status);
  return (
    <>
      <Link href="/dashboard/invoices" className="mb-3 inline-block text-sm text-teal-800 underline-offset-2 hover:underline">
        ← {w.back}
      </Link>
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone[inv.status]}>{w.status[inv.status]}</Badge>
            <span>{fill(w.due, { date: dueText(inv.due_date, lang) })}</span>
          </span>
        }
        action={
          <div className="flex flex-wrap gap-2">
            <a href={inv.print_link} target="_blank" rel="noreferrer" className={buttonClass("secondary")} data-testid="print-link">
              {w.print}
            </a>
            {mayCancel && open ? (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                {w.cancel}
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title={w.summary}>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4" data-testid="invoice-amounts">
              <Fact label={w.total} value={money(inv.total)} />
              <Fact label={w.paid} value={money(inv.amount_paid)} />
              <Fact label={w.balance} value={<strong className="text-stone-900">{money(inv.balance_due)}</strong>} testId="balance-due" />
              {inv.amount_pending > 0 ? <Fact label={w.pending} value={money(inv.amount_pending)} /> : <Fact label={w.dueDate} value={dueText(inv.due_date, lang)} />}
              <Fact label={w.customer} value={<CustomerText invoice={inv} />} wide />
              <Fact label={w.partial} value={inv.allow_partial ? fill(w.partialYes, { amount: money(inv.min_part_amount ?? 0) }) : w.partialNo} wide />
            </dl>
          </Card>
          <Card title={w.lines}>
            <Table label={w.lines}>
              <THead>
                <Th>{w.label}</Th>
                <Th className="text-right">{w.quantity}</Th>
                <Th className="hidden text-right sm:table-cell">{w.unitPrice}</Th>
                <Th className="text-right">{w.amount}</Th>
              </THead>
              <TBody>
                {inv.lines.map((line, i) => (
                  <tr key={i} data-testid="invoice-line">
                    <Td className="break-words">{line.label}</Td>
                    <Td className="text-right tabular-nums">{line.quantity}</Td>
                    <Td className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{money(line.unit_price)}</Td>
                    <Td className="text-right whitespace-nowrap tabular-nums">{money(line.amount)}</Td>
                  </tr>
                ))}
                <tr>
                  <Td className="font-semibold">{w.total}</Td>
                  <Td />
                  <Td className="hidden sm:table-cell" />
                  <Td className="text-right font-semibold whitespace-nowrap tabular-nums">{money(inv.total)}</Td>
                </tr>
              </TBody>
            </Table>
            {inv.memo && <p className="mt-3 text-sm whitespace-pre-line text-stone-700">{inv.memo}</p>}
          </Card>
          <Card title={w.payments}>
            <Payments id={inv.id} />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {open && (
            <Card title={w.share}>
              <ShareLink url={inv.link} name={account.data?.business_name ?? inv.customer.name} amount={money(inv.balance_due)} />
            </Card>
          )}
          <Card title={w.sentReminders}>
            <Reminders invoice={inv} />
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={w.cancelTitle}
        text={w.cancelText}
        confirmLabel={w.cancelConfirm}
        successMessage={w.cancelled}
        onConfirm={() => cancel.mutateAsync(inv.id)}
        onClose={() => setConfirming(false)}
        onDone={() => void invoice.refetch()}
      />
    </>
  );
}

function Fact({ label, value, wide, testId }: { label: string; value: React.ReactNode; wide?: boolean; testId?: string }) {
  return (
    <div className={wide ? "col-span-2" : undefined} data-testid={testId}>
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="font-medium break-words tabular-nums">{value}</dd>
    </div>
  );
}

function CustomerText({ invoice }: { invoice: Invoice }) {
  const c = invoice.customer;
  return (
    <span className="flex flex-col">
      <span>{c.name}</span>
      {c.phone && <span className="font-mono text-xs text-stone-600">+{c.phone}</span>}
      {c.email && <span className="text-xs text-stone-600">{c.email}</span>}
    </span>
  );
}

function Payments({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const w = t.invoices;
  const payments = useInvoicePayments(id);
  if (payments.isPending) return <Skeleton className="h-24" />;
  if (payments.isError) return <QueryError error={payments.error} onRetry={() => void payments.refetch()} />;
  if (payments.data.length === 0) return <p className="text-sm text-stone-600">{w.noPayments}</p>;
  const when = (iso: string) => new Date(iso).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
  return (
    <Table label={w.payments}>
      <THead>
        <Th>{w.date}</Th>
        <Th className="text-right">{w.amount}</Th>
        <Th className="hidden sm:table-cell">{w.operator}</Th>
        <Th>{w.paymentStatus}</Th>
      </THead>
      <TBody>
        {payments.data.map((p) => (
          <tr key={p.track_id} data-testid="invoice-payment">
            <Td>
              <Link href={`/dashboard/payments/${encodeURIComponent(p.track_id)}`} className="font-mono text-xs whitespace-nowrap text-teal-800 underline-offset-2 hover:underline">
                {when(p.created_at)}
              </Link>
            </Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency, lang)}</Td>
            <Td className="hidden text-xs whitespace-nowrap sm:table-cell">{p.operator.replace(/_[A-Z]{3}$/, "").replaceAll("_", " ")}</Td>
            <Td>
              <StatusBadge status={p.status} />
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}

function Reminders({ invoice }: { invoice: Invoice }) {
  const { t, lang, fill } = useI18n();
  const w = t.invoices;
  const reminders = useInvoiceReminders(invoice.id);
  const planned = invoice.reminder_days.map((d) => stepText(d, w)).join(" · ");
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-600">{planned ? fill(w.schedule, { steps: planned }) : w.noSchedule}</p>
      {reminders.isPending ? (
        <Skeleton className="h-16" />
      ) : reminders.isError ? (
        <QueryError error={reminders.error} onRetry={() => void reminders.refetch()} />
      ) : reminders.data.length === 0 ? (
        <p className="text-sm text-stone-600">{w.noSentReminders}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 text-sm" data-testid="sent-reminders">
          {reminders.data.map((r) => (
            <li key={r.step} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="sent-reminder">
              <span className="font-medium">{stepText(r.step, w)}</span>
              <span className="text-stone-600">
                {new Date(r.sent_at).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" })} · {fill(w.messages, { n: r.messages })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
